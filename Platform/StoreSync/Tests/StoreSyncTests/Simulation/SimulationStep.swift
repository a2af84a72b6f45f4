/// One step of a simulated schedule. Which entry an edit or a removal takes is chosen
/// when the step runs (`pick`, among the entries the machine holds then), so that a
/// schedule is a pure function of its seed.
enum SimulationStep: CustomStringConvertible {
    /// Adds the movie, or, when the machine holds it already, sets its note.
    case addMovie(machine: Int, movie: Int)
    case editMovie(machine: Int, pick: Int)
    case removeMovie(machine: Int, pick: Int)
    case addMemo(machine: Int)
    case editMemo(machine: Int, pick: Int)
    case removeMemo(machine: Int, pick: Int)
    case addFolder(machine: Int)
    case editFolder(machine: Int, pick: Int)
    case removeFolder(machine: Int, pick: Int)
    /// Files a memo in a folder, or in none (`folder` past the folders held).
    case fileMemo(machine: Int, memo: Int, folder: Int)
    /// Puts a memo on one of two shelves (a to-many without inverse: a set), or takes it
    /// off when it is on it.
    case shelveMemo(machine: Int, memo: Int, shelf: Int)
    case sync(machine: Int)
    /// A sync during which the machine sets a movie's note (adding the movie if it lacks
    /// it), once its push is noted and before its pull: the edit has not seen what that
    /// pull brings, and is pushed by the next sync.
    case editDuringSync(machine: Int, movie: Int)
    /// A sync stopped once its push reached the server, before it was noted locally
    /// (`beforeNotingPush`) or after, as a `kill -9` there; the data folder is then opened
    /// again, as the next run of the program would.
    case cutOffSync(machine: Int, beforeNotingPush: Bool)
    /// A sync run in `storesync-fixture`, killed with SIGKILL a delay after the sync began
    /// (it may have finished before).
    case killedSync(machine: Int, afterMilliseconds: Int)
    /// A sync of the machine's store in `storesync-fixture`, a second process, while this one
    /// keeps the store open, sets a movie's note `afterMilliseconds` after starting it, and
    /// syncs the store too, at once: as a person editing while `popcorn sync --watch` runs.
    case secondProcessSync(machine: Int, movie: Int, afterMilliseconds: Int)
    /// A sync whose connections the server terminates after a delay (it may have
    /// finished before).
    case interruptedSync(machine: Int, afterMilliseconds: Int)
    /// The server stops as a crash would and starts again.
    case restartServer
    /// The machine backs its store up (`StoreFile.backup`), replacing its earlier backup.
    case backUp(machine: Int)
    /// The machine puts its store back from its backup (`StoreFile.restore`), as a person
    /// does after losing the file: what it saved since and did not push is gone.
    case restore(machine: Int)
    /// The server's database is copied with `pg_dump`, replacing the earlier copy.
    case dumpServer
    /// The server's database is put back from its copy with `pg_restore --clean`, as an
    /// administrator does after losing it: what was written since is gone from the server.
    case restoreServer
    /// A record no honest release writes lands on the server (``HostileRecord``).
    case hostileRecord(HostileRecord)
    /// The tombstone retention passes: the machine syncs with a retention of one second, as
    /// its first sync after every other device was away for longer than the retention
    /// would. The tombstones older than that which every device seen within it has pulled
    /// are removed, and the machines behind them catch up at their next sync.
    case retentionExpiry(machine: Int)

    /// The machine whose store the step syncs, if it syncs one.
    var syncedMachine: Int? {
        switch self {
        case .sync(let machine), .editDuringSync(let machine, _), .cutOffSync(let machine, _),
            .killedSync(let machine, _), .secondProcessSync(let machine, _, _), .interruptedSync(let machine, _),
            .retentionExpiry(let machine):
            machine
        default: nil
        }
    }

    var description: String {
        switch self {
        case .addMovie(let machine, let movie): "machine \(machine) adds movie \(movie)"
        case .editMovie(let machine, let pick): "machine \(machine) edits a movie (\(pick))"
        case .removeMovie(let machine, let pick): "machine \(machine) removes a movie (\(pick))"
        case .addMemo(let machine): "machine \(machine) adds a memo"
        case .editMemo(let machine, let pick): "machine \(machine) edits a memo (\(pick))"
        case .removeMemo(let machine, let pick): "machine \(machine) removes a memo (\(pick))"
        case .addFolder(let machine): "machine \(machine) adds a folder"
        case .editFolder(let machine, let pick): "machine \(machine) edits a folder (\(pick))"
        case .removeFolder(let machine, let pick): "machine \(machine) removes a folder (\(pick))"
        case .fileMemo(let machine, let memo, let folder):
            "machine \(machine) files a memo (\(memo)) in a folder (\(folder))"
        case .shelveMemo(let machine, let memo, let shelf):
            "machine \(machine) puts a memo (\(memo)) on shelf \(shelf), or takes it off"
        case .sync(let machine): "machine \(machine) syncs"
        case .editDuringSync(let machine, let movie):
            "machine \(machine) syncs, and sets movie \(movie)'s note between its push and its pull"
        case .cutOffSync(let machine, let beforeNotingPush):
            "machine \(machine) syncs, cut off after its push \(beforeNotingPush ? "reached the server" : "was noted")"
        case .killedSync(let machine, let delay):
            "machine \(machine) syncs in a process killed \(delay) ms into the sync"
        case .secondProcessSync(let machine, let movie, let delay):
            "machine \(machine) syncs in a second process, sets movie \(movie)'s note after \(delay) ms and syncs too"
        case .interruptedSync(let machine, let delay):
            "machine \(machine) syncs, its connections terminated after \(delay) ms"
        case .restartServer: "the server restarts"
        case .backUp(let machine): "machine \(machine) backs its store up"
        case .restore(let machine): "machine \(machine) puts its store back from its backup"
        case .dumpServer: "the server's database is dumped"
        case .restoreServer: "the server's database is restored from its dump"
        case .hostileRecord(let record): "the server gets a record with \(record)"
        case .retentionExpiry(let machine): "the retention passes, and machine \(machine) syncs"
        }
    }

    /// A schedule of `count` steps over `machines` machines and movies 1 to `movies`: few
    /// movies, so that machines often edit the same one. With `secondProcess`, syncs of a
    /// store by a second process while the first edits and syncs it (``secondProcessSync``)
    /// take the place of some syncs.
    static func schedule<Random: RandomNumberGenerator>(
        count: Int, machines: Int, movies: Int, secondProcess: Bool, using random: inout Random
    ) -> [SimulationStep] {
        (0..<count).map { _ in
            let machine = Int.random(in: 0..<machines, using: &random)
            let pick = Int.random(in: 0..<1000, using: &random)
            switch Int.random(in: 0..<161, using: &random) {
            case 0..<12: return .addMovie(machine: machine, movie: Int.random(in: 1...movies, using: &random))
            case 12..<28: return .editMovie(machine: machine, pick: pick)
            case 28..<34: return .removeMovie(machine: machine, pick: pick)
            case 34..<40: return .addMemo(machine: machine)
            case 40..<48: return .editMemo(machine: machine, pick: pick)
            case 48..<52: return .removeMemo(machine: machine, pick: pick)
            case 52..<70: return .sync(machine: machine)
            case 70..<76:
                return .editDuringSync(machine: machine, movie: Int.random(in: 1...movies, using: &random))
            case 76..<84: return .cutOffSync(machine: machine, beforeNotingPush: pick.isMultiple(of: 2))
            case 84..<90:
                return .killedSync(machine: machine, afterMilliseconds: Int.random(in: 0..<120, using: &random))
            case 90..<97:
                return .interruptedSync(machine: machine, afterMilliseconds: Int.random(in: 0..<25, using: &random))
            case 97..<100: return .restartServer
            case 100..<106: return .addFolder(machine: machine)
            case 106..<109: return .editFolder(machine: machine, pick: pick)
            case 109..<112: return .removeFolder(machine: machine, pick: pick)
            case 112..<115: return .dumpServer
            case 115..<119: return .restoreServer
            case 126..<140:
                return .shelveMemo(machine: machine, memo: pick, shelf: Int.random(in: 0..<2, using: &random))
            case 140..<146: return .backUp(machine: machine)
            case 146..<150: return .restore(machine: machine)
            case 150..<154: return .hostileRecord(HostileRecord.allCases[pick % HostileRecord.allCases.count])
            case 154..<158:
                let movie = Int.random(in: 1...movies, using: &random)
                guard secondProcess else { return .sync(machine: machine) }
                return .secondProcessSync(machine: machine, movie: movie, afterMilliseconds: pick % 80)
            case 158..<161: return .retentionExpiry(machine: machine)
            default:
                return .fileMemo(machine: machine, memo: pick, folder: Int.random(in: 0..<1000, using: &random))
            }
        }
    }
}
