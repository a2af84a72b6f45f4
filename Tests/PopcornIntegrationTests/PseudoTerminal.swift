import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal for a child process: what the child writes to ``terminal`` (where
/// `isatty` is true, 80 columns wide) is read here from the controlling side, as a
/// terminal emulator would.
final class PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let controller: Int32
    /// The child's end: give it as the process's standard output or error.
    let terminal: FileHandle
    private var bytes: [UInt8] = []
    /// Everything read so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    init(columns: UInt16 = 80) throws {
        var controller: Int32 = -1
        var descriptor: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&controller, &descriptor, nil, nil, &size) == 0 else {
            throw Failure(description: "no pseudo-terminal: errno \(errno)")
        }
        // Not inherited by the processes other tests start meanwhile, which would keep the
        // terminal open after the child exits.
        _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.controller = controller
        terminal = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    deinit {
        close(controller)
    }

    /// Closes this process's copy of the child's end, once the child is started, so that
    /// reading ends when the child exits.
    func childStarted() throws {
        try terminal.close()
    }

    /// Reads until `text` satisfies `condition` or every writer has closed the terminal
    /// (the child exited); returns whether `condition` holds.
    @discardableResult
    func read(until condition: (String) -> Bool = { _ in false }) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !condition(text) {
            let count = readDescriptor(controller, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            // EIO once the last writer is gone.
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return condition(text)
    }
}

/// `read(2)`, out of reach of the method's name.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
