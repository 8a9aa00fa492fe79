extension ChildProcess {
    /// What the child reads as its standard input.
    public enum Input: Sendable {
        /// /dev/null: it reads end of file at once.
        case null
        /// The test process's own standard input.
        case inherit
        /// A pipe; the parent writes to `standardInput`.
        case pipe
    }

    /// Where the child's standard output or standard error goes.
    public enum Output: Sendable {
        /// /dev/null.
        case null
        /// The test process's own descriptor.
        case inherit
        /// A pipe; the parent reads `standardOutput` or `standardError`.
        case pipe
        /// The file at this path, created if missing (mode 0644), truncated or appended to.
        case file(String, append: Bool)
        /// Standard error only: the same place as its standard output (`2>&1`).
        case standardOutput
    }
}
