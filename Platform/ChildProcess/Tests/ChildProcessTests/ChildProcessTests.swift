import ChildProcess
import Foundation
import Testing

@Suite("A child process started with posix_spawn")
struct ChildProcessTests {
    private static func shell(_ script: String) -> ChildProcess {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        return process
    }

    private static func text(_ pipe: Pipe) -> String {
        String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test("its output and errors through pipes, read to their end, and its exit status")
    func pipesAndExitStatus() throws {
        let process = Self.shell("echo out; echo err >&2; exit 3")
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        #expect(Self.text(output) == "out\n")
        #expect(Self.text(errors) == "err\n")
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 3)
        #expect(process.processIdentifier > 0)
    }

    @Test("its input from a pipe, its environment and its folder")
    func inputEnvironmentFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "child-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Self.shell(#"read line; echo "$line $GREETING $(pwd -P)""#)
        process.environment = ["GREETING": "hello", "PATH": "/usr/bin:/bin"]
        process.currentDirectoryURL = folder
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data("typed\n".utf8))
        try input.fileHandleForWriting.close()
        let folderPath = folder.resolvingSymlinksInPath().path
        #expect(Self.text(output) == "typed hello \(folderPath)\n")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("a child ended by a signal: uncaughtSignal and the signal's number; terminate() sends SIGTERM")
    func signals() throws {
        let killed = Self.shell("kill -9 $$")
        try killed.run()
        killed.waitUntilExit()
        #expect(killed.terminationReason == .uncaughtSignal)
        #expect(killed.terminationStatus == SIGKILL)

        let sleeper = Self.shell("exec sleep 30")
        sleeper.standardOutput = FileHandle.nullDevice
        try sleeper.run()
        #expect(sleeper.isRunning)
        sleeper.terminate()
        sleeper.waitUntilExit()
        #expect(!sleeper.isRunning)
        #expect(sleeper.terminationReason == .uncaughtSignal)
        #expect(sleeper.terminationStatus == SIGTERM)
    }

    /// Descriptors left open without `O_CLOEXEC`, one as opened, one past `FD_SETSIZE` (1,024)
    /// and one at 3,000 or above: the spawn closes every descriptor from 3 up (`closefrom`),
    /// whatever its number, so these children start and inherit none of them. Three
    /// descriptors, not 3,000 opened one by one: this test runs in the process of every
    /// other test, which must not find the descriptor table full while it runs.
    @Test("with descriptors open up to number 3,000, 50 children start, each with descriptors 0, 1 and 2 only")
    func highNumberedDescriptors() throws {
        let opened = open("/dev/null", O_RDONLY)
        #expect(opened >= 0)
        defer { close(opened) }
        // F_DUPFD gives the lowest free number at or above the one asked for, without
        // O_CLOEXEC.
        let held = [opened] + [1_100, 3_000].map { fcntl(opened, F_DUPFD, $0) }
        defer { held.dropFirst().forEach { close($0) } }
        #expect(held[1] >= 1_100 && held[2] >= 3_000, "\(held)")
        for _ in 0..<50 {
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: "/bin/ls")
            // ls's own listing of its descriptors shows the one it reads the folder with, 3.
            process.arguments = ["/proc/self/fd"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let listed = Self.text(output).split(separator: "\n").map(String.init)
            process.waitUntilExit()
            #expect(listed == ["0", "1", "2", "3"])
            #expect(process.terminationStatus == 0)
        }
    }

    @Test("a program that cannot run throws from run()")
    func missingProgram() {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/nonexistent/program")
        #expect(throws: POSIXError.self) { try process.run() }
    }
}
