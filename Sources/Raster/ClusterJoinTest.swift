/// Whether two records whose boxes `SubpathClusters.find` found overlapping are to be joined.
protocol ClusterJoinTest {
    /// True unless records `a` and `b` (indices into the records `find` was given) are known
    /// not to need joining.
    func mayJoin(_ a: Int, _ b: Int) -> Bool
}

/// Joins every two records whose boxes overlap (groups of overlapping subpaths).
struct JoinOverlappingBoxes: ClusterJoinTest {
    @inline(__always) func mayJoin(_ a: Int, _ b: Int) -> Bool { true }
}
