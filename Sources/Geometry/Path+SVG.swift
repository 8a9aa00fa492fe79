extension Path {
    /// Parses SVG path data (the `d` attribute), the full SVG 1.1 / SVG 2 grammar: M L H V C S Q
    /// T A Z in absolute (upper case) and relative (lower case) forms, implicit repetition
    /// (extra pairs after M are lines), numbers such as `1e-3`, `.5.5` or `-1-2`, optional
    /// separators, and arc flags without separators (`a1 1 0 00 1 1`).
    ///
    /// Arcs are converted from end-point to centre parameterisation as the SVG implementation
    /// notes say (radii scaled up when too small, zero radii draw a line, identical end points
    /// draw nothing) and stored as cubics of at most 90°; S and T reflect the previous
    /// command's control point. Empty or all-whitespace data gives an empty path.
    ///
    /// - Throws: `SVGPathError` naming the character offset and what was expected, for data
    ///   that breaks the grammar, numbers beyond the range of `Double`, or coordinates that
    ///   overflow. (Browsers render up to the first error; this parser rejects the data.)
    public init(svg: String) throws(SVGPathError) {
        try self.init(svgUTF8: Array(svg.utf8)[...])
    }

    /// `init(svg:)` for path data given as UTF-8 bytes: a slice of a larger buffer is read in
    /// place (error offsets count from the slice's start).
    public init(svgUTF8 bytes: ArraySlice<UInt8>) throws(SVGPathError) {
        var parser = SVGPathParser(utf8: bytes)
        self = try parser.parse()
    }

    /// The path as SVG path data using absolute M, L, Q, C and Z, with each number in its
    /// shortest form that reads back to the same `Double` (a trailing ".0" dropped), so
    /// `Path(svg: p.svgDescription) == p` holds bit for bit.
    public var svgDescription: String {
        var out = ""
        var p = 0
        func number(_ v: Double) -> String {
            let s = v.description
            return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
        }
        func add(_ letter: String, _ pts: ArraySlice<Point>) {
            if !out.isEmpty { out.append(" ") }
            out.append(letter)
            for (k, q) in pts.enumerated() {
                if k > 0 { out.append(" ") }
                out.append(number(q.x)); out.append(" "); out.append(number(q.y))
            }
        }
        for v in verbs {
            let pts = points[p..<(p + v.pointCount)]
            switch v {
            case .move: add("M", pts)
            case .line: add("L", pts)
            case .quad: add("Q", pts)
            case .cubic: add("C", pts)
            case .close: add("Z", pts)
            }
            p += v.pointCount
        }
        return out
    }
}
