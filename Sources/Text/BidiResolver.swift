/// A practical subset of the Unicode Bidirectional Algorithm (UAX #9) for labels and short
/// paragraphs without explicit embedding controls:
///
/// - Classes: strong right-to-left for the Hebrew, Arabic, Syriac, Thaana, NKo and related
///   presentation-form blocks; European numbers (decimal digits outside them); Arabic-Indic
///   digits as numbers that never turn left-to-right; number separators (`, . : /`) and
///   terminators (`% # ° ‰`, currency); neutrals (spaces, punctuation, symbols); combining marks
///   take the class of what they follow (W1); everything else is strong left-to-right.
/// - W4/W5/W6: a single separator between digits and terminators next to digits join the number.
/// - W7: a number after left-to-right text (or at the start of a left-to-right paragraph) is
///   left-to-right.
/// - N1/N2: neutrals between two strong sides of one direction take it (numbers count as
///   right-to-left there); other neutrals take the paragraph direction.
/// - I1/I2: levels; so digits inside right-to-left text stay left-to-right (level 2).
/// - L2: visual order by reversing runs from the highest level down to the lowest odd one.
enum BidiResolver {
    enum Kind: UInt8 { case l, r, en, an, cs, et, neutral, mark }

    /// The paragraph level (0 left-to-right, 1 right-to-left) and one level per scalar.
    static func resolve(_ scalars: [Unicode.Scalar], direction: TextDirection?) -> (paragraph: UInt8, levels: [UInt8]) {
        let n = scalars.count
        var kinds = scalars.map(kind)
        let para: UInt8
        switch direction {
        case .leftToRight?: para = 0
        case .rightToLeft?: para = 1
        case nil:
            // P2/P3: the first strong character decides; left-to-right when there is none.
            para = kinds.first(where: { $0 == .l || $0 == .r }) == .r ? 1 : 0
        }
        let sos: Kind = para == 1 ? .r : .l
        // W1: marks take the previous class.
        for i in 0..<n where kinds[i] == .mark { kinds[i] = i == 0 ? sos : kinds[i - 1] }
        // W4: one separator between two numbers of the same kind joins them.
        if n >= 3 {
            for i in 1..<(n - 1) where kinds[i] == .cs && kinds[i - 1] == kinds[i + 1]
                && (kinds[i - 1] == .en || kinds[i - 1] == .an) { kinds[i] = kinds[i - 1] }
        }
        // W5: terminators next to European numbers join them.
        var i = 0
        while i < n {
            guard kinds[i] == .et else { i += 1; continue }
            var j = i
            while j < n && kinds[j] == .et { j += 1 }
            if (i > 0 && kinds[i - 1] == .en) || (j < n && kinds[j] == .en) {
                for k in i..<j { kinds[k] = .en }
            }
            i = j
        }
        // W6: leftover separators and terminators are neutral.
        for k in 0..<n where kinds[k] == .cs || kinds[k] == .et { kinds[k] = .neutral }
        // W7: European numbers after left-to-right text are left-to-right.
        var lastStrong = sos
        for k in 0..<n {
            switch kinds[k] {
            case .l, .r: lastStrong = kinds[k]
            case .en where lastStrong == .l: kinds[k] = .l
            default: break
            }
        }
        // N1/N2: neutral runs.
        i = 0
        while i < n {
            guard kinds[i] == .neutral else { i += 1; continue }
            var j = i
            while j < n && kinds[j] == .neutral { j += 1 }
            let before: Kind = i == 0 ? sos : strongForNeutrals(kinds[i - 1])
            let after: Kind = j == n ? sos : strongForNeutrals(kinds[j])
            let resolved: Kind = before == after ? before : (para == 1 ? .r : .l)
            for k in i..<j { kinds[k] = resolved }
            i = j
        }
        // I1/I2.
        var levels = [UInt8](repeating: para, count: n)
        for k in 0..<n {
            switch (para, kinds[k]) {
            case (0, .r): levels[k] = 1
            case (0, .en), (0, .an): levels[k] = 2
            case (1, .l), (1, .en), (1, .an): levels[k] = 2
            default: levels[k] = para
            }
        }
        return (para, levels)
    }

    /// Numbers influence neutrals as right-to-left (N1).
    private static func strongForNeutrals(_ k: Kind) -> Kind { k == .l ? .l : .r }

    /// L2: the visual order of items with the given levels (indices into `levels`, left to right).
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let maxLevel = levels.max(), let minOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = maxLevel
        while level >= minOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }

    static func kind(_ s: Unicode.Scalar) -> Kind {
        let v = s.value
        switch v {
        // UAX #9's AN: Arabic-Indic digits, the Arabic decimal and thousands separators (a price
        // such as "٥٨٫٠٠" is one number) and the Arabic number signs.
        case 0x0600...0x0605, 0x0660...0x0669, 0x066B, 0x066C, 0x06DD, 0x08E2: return .an
        case 0x06F0...0x06F9: return .en   // Extended Arabic-Indic (Persian) digits are EN
        case 0x200E: return .l             // LEFT-TO-RIGHT MARK
        case 0x200F, 0x061C: return .r     // RIGHT-TO-LEFT MARK, ARABIC LETTER MARK
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return isMark(s) ? .mark : .r
        case 0x30...0x39: return .en
        case 0x2C, 0x2E, 0x3A, 0x2F, 0xA0: return v == 0xA0 ? .neutral : .cs
        case 0x2B, 0x2D: return .cs   // plus and minus (UAX #9's ES) join numbers like separators
        case 0x25, 0x23, 0xB0, 0x2030: return .et
        default: break
        }
        if isMark(s) { return .mark }
        switch s.properties.generalCategory {
        case .decimalNumber: return .en
        case .currencySymbol: return .et
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .modifierSymbol,
             .otherSymbol, .unassigned:
            return .neutral
        default: return .l
        }
    }

    static func isMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return s.value == 0x200D || (0xFE00...0xFE0F).contains(s.value)
        }
    }
}
