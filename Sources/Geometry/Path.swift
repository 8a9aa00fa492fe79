/// A 2-D path: a sequence of subpaths made of lines, quadratic and cubic Bézier curves, with
/// SwiftUI `Path` / CGPath semantics. A value type with flat storage (a verb array and a
/// point array, as tiny-skia stores paths) so renderers can walk it without allocation.
///
/// Conventions:
/// - Every subpath starts with a move. A line or curve added with no current point starts a
///   subpath at its end point; one added after `closeSubpath()` starts a new subpath at the
///   closed subpath's first point (CGPath behaviour).
/// - **Non-finite input is dropped**: a builder call with a NaN or infinite coordinate (point,
///   control point, radius, angle or transform coefficient) adds nothing, so a path never holds
///   a non-finite point.
public struct Path: Hashable, Sendable {
    /// The kind of each stored element; `points` holds 1 (move, line), 2 (quad), 3 (cubic) or
    /// 0 (close) points per verb, control points first and the end point last.
    public enum Verb: UInt8, Hashable, Sendable {
        case move, line, quad, cubic, close

        /// How many entries of `points` the verb consumes.
        @inlinable public var pointCount: Int {
            switch self {
            case .move, .line: 1
            case .quad: 2
            case .cubic: 3
            case .close: 0
            }
        }
    }

    /// One element of a path, as SwiftUI's `Path.Element`.
    public enum Element: Hashable, Sendable {
        case move(to: Point)
        case line(to: Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case closeSubpath
    }

    public private(set) var verbs: [Verb] = []
    public private(set) var points: [Point] = []
    /// The first point of the current subpath; the point a close returns to.
    @usableFromInline var subpathStart: Point? = nil
    /// True right after a close: the next segment must re-open a subpath at `subpathStart`.
    @usableFromInline var needsMove = false

    public init() {}

    /// Builds a path with a closure, like `Path { p in p.move(to: …) }`.
    public init(_ build: (inout Path) -> Void) { build(&self) }

    /// True when the path has no elements.
    @inlinable public var isEmpty: Bool { verbs.isEmpty }

    /// The point the next segment starts from: the last end point, the subpath's start after a
    /// close, or nil for an empty path.
    public var currentPoint: Point? {
        if needsMove { return subpathStart }
        return points.last
    }

    // MARK: Building

    public mutating func move(to p: Point) {
        guard p.isFinite else { return }
        // A move right after a move replaces it (CGPath keeps only the last move's point as the
        // start of the subpath, and a lone move draws nothing).
        if verbs.last == .move {
            points[points.count - 1] = p
        } else {
            verbs.append(.move); points.append(p)
        }
        subpathStart = p
        needsMove = false
    }

    public mutating func addLine(to p: Point) {
        guard p.isFinite else { return }
        guard beginSegment(at: p) else { return }
        verbs.append(.line); points.append(p)
    }

    public mutating func addQuadCurve(to p: Point, control c: Point) {
        guard p.isFinite, c.isFinite else { return }
        guard beginSegment(at: p) else { return }
        verbs.append(.quad); points.append(c); points.append(p)
    }

    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) {
        guard p.isFinite, c1.isFinite, c2.isFinite else { return }
        guard beginSegment(at: p) else { return }
        verbs.append(.cubic); points.append(c1); points.append(c2); points.append(p)
    }

    /// Closes the current subpath with a straight line back to its first point.
    public mutating func closeSubpath() {
        guard let last = verbs.last, last != .close, !needsMove else { return }
        verbs.append(.close)
        needsMove = true
    }

    /// Makes sure a subpath is open before a segment; returns false when the segment should be
    /// treated as a move because there is no current point.
    @usableFromInline mutating func beginSegment(at end: Point) -> Bool {
        if needsMove, let s = subpathStart {
            verbs.append(.move); points.append(s); needsMove = false
            return true
        }
        if verbs.isEmpty { move(to: end); return false }
        return true
    }

    /// Adds an open polyline through `points` (a move to the first, lines to the rest).
    public mutating func addLines(_ pts: [Point]) {
        let finite = pts.filter(\.isFinite)
        guard let first = finite.first else { return }
        move(to: first)
        for p in finite.dropFirst() { addLine(to: p) }
    }

    /// Adds a closed rectangle subpath, clockwise on screen from the rect's min corner, mapped
    /// through `transform`.
    public mutating func addRect(_ r: Rect, transform t: AffineTransform = .identity) {
        guard !r.isNull, r.origin.isFinite, r.size.isFinite, t.isFinite else { return }
        let s = r.standardized
        move(to: Point(x: s.minX, y: s.minY).applying(t))
        addLine(to: Point(x: s.maxX, y: s.minY).applying(t))
        addLine(to: Point(x: s.maxX, y: s.maxY).applying(t))
        addLine(to: Point(x: s.minX, y: s.maxY).applying(t))
        closeSubpath()
    }

    public mutating func addRects(_ rects: [Rect], transform t: AffineTransform = .identity) {
        for r in rects { addRect(r, transform: t) }
    }

    /// Appends every element of `path`, mapped through `transform`.
    public mutating func addPath(_ path: Path, transform t: AffineTransform = .identity) {
        guard t.isFinite else { return }
        for e in path.elements {
            switch e {
            case .move(let p): move(to: p.applying(t))
            case .line(let p): addLine(to: p.applying(t))
            case .quadCurve(let p, let c): addQuadCurve(to: p.applying(t), control: c.applying(t))
            case .curve(let p, let c1, let c2):
                addCurve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .closeSubpath: closeSubpath()
            }
        }
    }

    /// The path with every point mapped through `t`.
    public func applying(_ t: AffineTransform) -> Path {
        guard t.isFinite else { return Path() }
        var copy = self
        for i in copy.points.indices { copy.points[i] = copy.points[i].applying(t) }
        copy.subpathStart = subpathStart?.applying(t)
        // Mapping may overflow to ±∞ for huge coordinates; drop the path rather than keep
        // non-finite points.
        if !copy.points.allSatisfy(\.isFinite) { return Path() }
        return copy
    }

    // MARK: Reading

    /// The elements in order.
    public var elements: [Element] {
        var out: [Element] = []
        out.reserveCapacity(verbs.count)
        forEach { out.append($0) }
        return out
    }

    /// Calls `body` with each element in order (SwiftUI's `forEach`).
    public func forEach(_ body: (Element) -> Void) {
        var i = 0
        for v in verbs {
            switch v {
            case .move: body(.move(to: points[i]))
            case .line: body(.line(to: points[i]))
            case .quad: body(.quadCurve(to: points[i + 1], control: points[i]))
            case .cubic: body(.curve(to: points[i + 2], control1: points[i], control2: points[i + 1]))
            case .close: body(.closeSubpath)
            }
            i += v.pointCount
        }
    }

    /// The subpaths for which `keep` is true, in order and unchanged. Subpaths are numbered by
    /// their moves from 0 (every subpath starts with one; a close followed by a segment stores
    /// the move it implies). Building on the result continues from its last subpath.
    public func subpaths(where keep: (Int) -> Bool) -> Path {
        var kept = Path()
        var subpath = -1, point = 0, keeping = false
        for v in verbs {
            if v == .move { subpath += 1; keeping = keep(subpath) }
            let n = v.pointCount
            if keeping {
                kept.verbs.append(v)
                kept.points.append(contentsOf: points[point ..< point + n])
                if v == .move { kept.subpathStart = points[point] }
            }
            point += n
        }
        kept.needsMove = kept.verbs.last == .close
        return kept
    }

    public static func == (l: Path, r: Path) -> Bool { l.verbs == r.verbs && l.points == r.points }
    public func hash(into h: inout Hasher) { h.combine(verbs); h.combine(points) }
}

extension AffineTransform {
    /// True when every coefficient is finite.
    @inlinable @inline(__always) public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}
