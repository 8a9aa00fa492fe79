/// A recursive-descent reader of SVG path data (the SVG 1.1 / SVG 2 `d` grammar) that builds a
/// `Path` as it goes. Works on UTF-8 bytes; every byte the grammar accepts is ASCII, so byte
/// offsets equal character offsets up to the first error. Indices are those of the slice it
/// reads (which may be part of a larger buffer); offsets in errors count from its start.
struct SVGPathParser {
    private let bytes: ArraySlice<UInt8>
    /// The next byte to read, and the end of the data.
    private var i: Int
    private let end: Int
    private var path = Path()
    private var current = Point.zero
    private var subpathStart = Point.zero
    /// The second control point of the previous C/S, for S's reflection.
    private var lastCubicControl: Point?
    /// The control point of the previous Q/T, for T's reflection.
    private var lastQuadControl: Point?
    /// The command being read, for messages.
    private var command: UInt8 = 0
    private var commandOffset = 0

    init(utf8: ArraySlice<UInt8>) {
        bytes = utf8; i = utf8.startIndex; end = utf8.endIndex
    }

    mutating func parse() throws(SVGPathError) -> Path {
        skipWhitespace()
        var first = true
        while i < end {
            let c = bytes[i]
            if first && c != UInt8(ascii: "M") && c != UInt8(ascii: "m") {
                throw error("a moveto command ('M' or 'm') to begin the path")
            }
            guard Self.argumentNames(of: c) != nil else {
                throw error("a path command letter (M, L, H, V, C, S, Q, T, A, Z or lower case)")
            }
            first = false
            command = c; commandOffset = i
            i += 1
            skipWhitespace()
            try readCommand()
        }
        return path
    }

    // MARK: Commands

    private mutating func readCommand() throws(SVGPathError) {
        let relative = command >= UInt8(ascii: "a")
        let upper = relative ? command - 32 : command
        if upper == UInt8(ascii: "Z") {
            path.closeSubpath()
            current = subpathStart
            lastCubicControl = nil; lastQuadControl = nil
            return
        }
        var firstSet = true
        repeat {
            // Absolute values are used as read (adding a zero base would turn −0 into +0).
            let origin = current
            func at(_ p: Point) -> Point { relative ? origin + p.vector : p }
            var cubic: Point? = nil, quad: Point? = nil
            switch upper {
            case UInt8(ascii: "M"):
                let p = try checked(at(try pair(0, firstSet)))
                if firstSet { path.move(to: p); subpathStart = p } else { path.addLine(to: p) }
                current = p
            case UInt8(ascii: "L"):
                let p = try checked(at(try pair(0, firstSet)))
                path.addLine(to: p); current = p
            case UInt8(ascii: "H"):
                let x = try number(0, firstSet)
                let p = try checked(Point(x: relative ? current.x + x : x, y: current.y))
                path.addLine(to: p); current = p
            case UInt8(ascii: "V"):
                let y = try number(0, firstSet)
                let p = try checked(Point(x: current.x, y: relative ? current.y + y : y))
                path.addLine(to: p); current = p
            case UInt8(ascii: "C"):
                let c1 = try checked(at(try pair(0, firstSet)))
                let c2 = try checked(at(try pair(2, false)))
                let p = try checked(at(try pair(4, false)))
                path.addCurve(to: p, control1: c1, control2: c2)
                current = p; cubic = c2
            case UInt8(ascii: "S"):
                let c1 = lastCubicControl.map { current + (current - $0) } ?? current
                let c2 = try checked(at(try pair(0, firstSet)))
                let p = try checked(at(try pair(2, false)))
                path.addCurve(to: p, control1: try checked(c1), control2: c2)
                current = p; cubic = c2
            case UInt8(ascii: "Q"):
                let c = try checked(at(try pair(0, firstSet)))
                let p = try checked(at(try pair(2, false)))
                path.addQuadCurve(to: p, control: c)
                current = p; quad = c
            case UInt8(ascii: "T"):
                let c = try checked(lastQuadControl.map { current + (current - $0) } ?? current)
                let p = try checked(at(try pair(0, firstSet)))
                path.addQuadCurve(to: p, control: c)
                current = p; quad = c
            default: // A
                let rx = try number(0, firstSet), ry = try number(1, false)
                let rotation = try number(2, false)
                let largeArc = try flag(3), sweep = try flag(4)
                let p = try checked(at(try pair(5, false)))
                appendArc(to: p, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: largeArc, sweep: sweep)
                current = p
            }
            lastCubicControl = cubic; lastQuadControl = quad
            firstSet = false
        } while try anotherArgumentSet()
    }

    /// After a complete argument set: true when another set follows (implicit repetition).
    /// A comma commits to another set.
    private mutating func anotherArgumentSet() throws(SVGPathError) -> Bool {
        if sawComma { return true }
        guard i < end else { return false }
        return Self.startsNumber(bytes[i])
    }

    /// Endpoint-to-centre conversion per the SVG implementation notes (F.6.5, F.6.6), emitted as
    /// cubics of at most 90° whose last end point is exactly `end`.
    private mutating func appendArc(to end: Point, rx rxIn: Double, ry ryIn: Double,
                                    rotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        let start = current
        if start == end { return }  // F.6.2: identical end points omit the arc.
        var rx = Swift.abs(rxIn), ry = Swift.abs(ryIn)
        if rx == 0 || ry == 0 { path.addLine(to: end); return }
        let phi = _fmod(rotationDegrees, 360) * .pi / 180
        let cosPhi = _cos(phi), sinPhi = _sin(phi)
        let hx = (start.x - end.x) / 2, hy = (start.y - end.y) / 2
        let x1 = cosPhi * hx + sinPhi * hy
        let y1 = -sinPhi * hx + cosPhi * hy
        // Work in the ellipse's unit-circle coordinates to avoid squaring huge radii.
        var px = x1 / rx, py = y1 / ry
        let lambda = px * px + py * py
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s; ry *= s; px /= s; py /= s
        }
        let l2 = Swift.min(lambda, 1)
        var coef = Swift.max(0, (1 - l2) / l2).squareRoot()
        if largeArc == sweep { coef = -coef }
        // Centre in unit coordinates is (coef·py, −coef·px); in rotated coordinates scale by r.
        let ucx = coef * py, ucy = -coef * px
        let cx = cosPhi * (rx * ucx) - sinPhi * (ry * ucy) + (start.x + end.x) / 2
        let cy = sinPhi * (rx * ucx) + cosPhi * (ry * ucy) + (start.y + end.y) / 2
        let ux = px - ucx, uy = py - ucy, vx = -px - ucx, vy = -py - ucy
        let theta1 = _atan2(uy, ux)
        var delta = _atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * .pi } else if sweep && delta < 0 { delta += 2 * .pi }
        guard cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite, delta.isFinite, delta != 0 else {
            path.addLine(to: end); return
        }
        func map(_ x: Double, _ y: Double) -> Point {
            Point(x: cx + rx * cosPhi * x - ry * sinPhi * y, y: cy + rx * sinPhi * x + ry * cosPhi * y)
        }
        let n = Swift.max(1, Int((Swift.abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(n)
        let k = 4.0 / 3.0 * _tan(step / 4)
        var a = theta1
        var ca = _cos(a), sa = _sin(a)
        for j in 0..<n {
            let b = j == n - 1 ? theta1 + delta : a + step
            let cb = _cos(b), sb = _sin(b)
            let c1 = map(ca - k * sa, sa + k * ca)
            let c2 = map(cb + k * sb, sb - k * cb)
            let e = j == n - 1 ? end : map(cb, sb)
            guard c1.isFinite, c2.isFinite, e.isFinite else { path.addLine(to: end); return }
            path.addCurve(to: e, control1: c1, control2: c2)
            a = b; ca = cb; sa = sb
        }
    }

    // MARK: Tokens

    private var sawComma = false

    private mutating func pair(_ argument: Int, _ firstSet: Bool) throws(SVGPathError) -> Point {
        let x = try number(argument, firstSet)
        let y = try number(argument + 1, false)
        return Point(x: x, y: y)
    }

    /// Reads a number (the grammar's `number`) and the comma-or-whitespace after it.
    private mutating func number(_ argument: Int, _ firstSet: Bool) throws(SVGPathError) -> Double {
        let start = i
        if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
        let intDigits = digits()
        var fracDigits = 0
        if i < end && bytes[i] == UInt8(ascii: ".") {
            i += 1
            fracDigits = digits()
        }
        if intDigits == 0 && fracDigits == 0 {
            // Point at the character that breaks the number (the sign itself is fine).
            if i > start && bytes[i - 1] == UInt8(ascii: ".") { i -= 1 }
            throw error(expectedArgument(argument, firstSet))
        }
        if i < end && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            if digits() == 0 { throw error("the digits of an exponent") }
        }
        // Swift's parser wants a digit before the point and no '+'.
        var text = ""
        text.reserveCapacity(i - start + 1)
        var k = start
        if bytes[k] == UInt8(ascii: "+") { k += 1 } else if bytes[k] == UInt8(ascii: "-") { text.append("-"); k += 1 }
        if intDigits == 0 { text.append("0") }
        text.append(String(decoding: bytes[k..<i], as: UTF8.self))
        guard let value = Double(text), value.isFinite else {
            let numberEnd = i
            i = start
            throw error("a number within the range of Double (±1.8e308)",
                        found: "'\(String(decoding: bytes[start..<numberEnd], as: UTF8.self))'")
        }
        skipCommaWhitespace()
        return value
    }

    /// Reads an arc flag: a single '0' or '1', then optional comma-or-whitespace.
    private mutating func flag(_ argument: Int) throws(SVGPathError) -> Bool {
        guard i < end, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
            throw error("a flag '0' or '1' (\(Self.argumentNames(of: command)![argument])) for '\(Character(Unicode.Scalar(command)))'")
        }
        let value = bytes[i] == UInt8(ascii: "1")
        i += 1
        skipCommaWhitespace()
        return value
    }

    private mutating func digits() -> Int {
        let start = i
        while i < end && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") { i += 1 }
        return i - start
    }

    private mutating func skipWhitespace() {
        while i < end && Self.isWhitespace(bytes[i]) { i += 1 }
    }

    /// The grammar's `comma_wsp`: whitespace, at most one comma, whitespace.
    private mutating func skipCommaWhitespace() {
        skipWhitespace()
        sawComma = false
        if i < end && bytes[i] == UInt8(ascii: ",") {
            i += 1; sawComma = true
            skipWhitespace()
        }
    }

    private static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    private static func startsNumber(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".")
            || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
    }

    /// Argument names of each command, for messages; nil for a byte that is not a command.
    private static func argumentNames(of c: UInt8) -> [String]? {
        switch c | 0x20 {  // lower case
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "t"): ["x", "y"]
        case UInt8(ascii: "h"): ["x"]
        case UInt8(ascii: "v"): ["y"]
        case UInt8(ascii: "c"): ["x1", "y1", "x2", "y2", "x", "y"]
        case UInt8(ascii: "s"): ["x2", "y2", "x", "y"]
        case UInt8(ascii: "q"): ["x1", "y1", "x", "y"]
        case UInt8(ascii: "a"): ["rx", "ry", "x-axis-rotation", "large-arc-flag", "sweep-flag", "x", "y"]
        case UInt8(ascii: "z"): []
        default: nil
        }
    }

    // MARK: Errors

    private func expectedArgument(_ argument: Int, _ firstSet: Bool) -> String {
        let letter = Character(Unicode.Scalar(command))
        if argument == 0 && firstSet { return "a number after '\(letter)'" }
        let names = Self.argumentNames(of: command) ?? []
        let name = argument < names.count ? names[argument] : "argument \(argument + 1)"
        return "a number (\(name)) for '\(letter)'"
    }

    /// A coordinate computed from finite numbers can still overflow (relative to a huge point).
    private func checked(_ p: Point) throws(SVGPathError) -> Point {
        guard p.isFinite else {
            throw SVGPathError(offset: characterOffset(commandOffset),
                               expected: "coordinates within the range of Double",
                               found: "a coordinate that overflows in '\(Character(Unicode.Scalar(command)))'")
        }
        return p
    }

    private func error(_ expected: String, found: String? = nil) -> SVGPathError {
        SVGPathError(offset: characterOffset(i), expected: expected, found: found ?? foundDescription())
    }

    private func foundDescription() -> String {
        guard i < end else { return "end of data" }
        let c = String(decoding: bytes[i...], as: UTF8.self).first!
        return "'\(c)'"
    }

    private func characterOffset(_ byteOffset: Int) -> Int {
        String(decoding: bytes[bytes.startIndex..<byteOffset], as: UTF8.self).count
    }
}
