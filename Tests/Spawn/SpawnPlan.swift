import CSpawn
import Glibc

/// The descriptors and file actions of one `posix_spawn`, built before it and released after.
///
/// Pipes are made close-on-exec; `dup2` onto 0–2 in the child clears that flag on the copy only.
/// The child's ends are closed in the parent after the spawn, so the parent sees end of file
/// once the child (and only the child) has closed them.
struct SpawnPlan {
    let executable: String
    private var actions = posix_spawn_file_actions_t()
    private var attributes = posix_spawnattr_t()
    /// The child's ends of the pipes: closed in the parent once spawned (or on failure).
    private var childEnds: [Int32] = []
    /// The parent's ends: closed on failure, else handed to the `ChildProcess`.
    private var parentEnds: [Int32] = []

    init(executable: String) throws(SpawnError) {
        self.executable = executable
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        var empty = sigset_t(), piped = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&piped)
        sigaddset(&piped, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &piped)
        try check(posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)), "posix_spawnattr_setflags")
    }

    /// Sets up descriptor 0; returns the parent's write end for `.pipe`.
    mutating func attach(input: ChildProcess.Input) throws(SpawnError) -> Int32? {
        switch input {
        case .inherit: return nil
        case .null:
            try check(posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0), "open /dev/null")
            return nil
        case .pipe:
            let (read, write) = try pipe()
            try check(posix_spawn_file_actions_adddup2(&actions, read, 0), "dup2 stdin")
            childEnds.append(read)
            parentEnds.append(write)
            return write
        }
    }

    /// Sets up descriptor 1 or 2 (in that order: `.standardOutput` copies 1); returns the
    /// parent's read end for `.pipe`.
    mutating func attach(_ output: ChildProcess.Output, to descriptor: Int32) throws(SpawnError) -> Int32? {
        switch output {
        case .inherit: return nil
        case .null:
            try check(posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0), "open /dev/null")
        case .file(let path, let append):
            let flags = O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC)
            try check(posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o644), "open \(path)")
        case .standardOutput:
            try check(posix_spawn_file_actions_adddup2(&actions, 1, descriptor), "dup2 stdout")
        case .pipe:
            let (read, write) = try pipe()
            try check(posix_spawn_file_actions_adddup2(&actions, write, descriptor), "dup2 \(descriptor)")
            childEnds.append(write)
            parentEnds.append(read)
            return read
        }
        return nil
    }

    /// Spawns with argv = [executable] + arguments; the child's pipe ends are then closed here.
    mutating func spawn(_ arguments: [String], directory: String?) throws(SpawnError) -> pid_t {
        if let directory {
            try check(posix_spawn_file_actions_addchdir_np(&actions, directory), "chdir \(directory)")
        }
        try check(posix_spawn_file_actions_addclosefrom_np(&actions, 3), "closefrom 3")
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        try check(posix_spawn(&pid, executable, &actions, &attributes, argv, environ), "posix_spawn")
        childEnds.forEach { close($0) }
        childEnds = []
        parentEnds = []   // now the ChildProcess's
        return pid
    }

    /// Frees the actions and attributes; closes what a failed spawn left open.
    mutating func release() {
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        (childEnds + parentEnds).forEach { close($0) }
        childEnds = []
        parentEnds = []
    }

    private mutating func pipe() throws(SpawnError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw SpawnError(executable: executable, operation: "pipe2", code: errno) }
        return (ends[0], ends[1])
    }

    private func check(_ result: Int32, _ operation: String) throws(SpawnError) {
        guard result == 0 else { throw SpawnError(executable: executable, operation: operation, code: result) }
    }
}
