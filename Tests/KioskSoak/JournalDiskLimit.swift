#if canImport(Glibc)
import Glibc
#endif

/// A full disk for the kiosk's purchase journal, unprivileged: the process's file-size limit
/// (`RLIMIT_FSIZE`, soft) is lowered to a few bytes, so every write past them fails with
/// `EFBIG` — what SQLite sees on a full disk (it cannot extend or rewrite its pages). A small
/// tmpfs or loop device would need root; this needs nothing and is undone by raising the soft
/// limit again (up to the hard one). `SIGXFSZ` is ignored so the write fails instead of killing
/// the process. It covers every file the process writes while engaged, so the soak engages it
/// only around a purchase and never while it starts the box office (a child inherits it).
enum JournalDiskLimit {
    /// Lowers the limit; returns the one to give back to `release`.
    static func engage() -> rlimit {
        signal(SIGXFSZ, SIG_IGN)
        var saved = rlimit()
        getrlimit(RLIMIT_FSIZE_VALUE, &saved)
        var tight = saved
        tight.rlim_cur = 1
        setrlimit(RLIMIT_FSIZE_VALUE, &tight)
        return saved
    }

    static func release(_ saved: rlimit) {
        var limit = saved
        setrlimit(RLIMIT_FSIZE_VALUE, &limit)
    }

    /// Glibc imports `RLIMIT_FSIZE` as an enum case of `__rlimit_resource`.
    private static var RLIMIT_FSIZE_VALUE: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_FSIZE.rawValue) }
}
