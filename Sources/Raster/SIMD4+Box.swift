extension SIMD4 where Scalar == Int32 {
    /// For a box stored as (min x, min y, max x, max y), as `SubpathShape.box` and `pixelBox`
    /// are: whether each box's min is below the other's max on both axes. For boxes of some
    /// width and height that is whether their interiors meet: boxes that only touch along a
    /// border or at a corner do not overlap.
    @inline(__always) func openBoxOverlaps(_ other: SIMD4<Int32>) -> Bool {
        x < other.z && other.x < z && y < other.w && other.y < w
    }
}
