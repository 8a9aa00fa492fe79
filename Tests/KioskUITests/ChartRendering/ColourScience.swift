import Foundation

/// Colour science for the colour-vision tests, written from the papers (not from the code
/// under test): sRGB ↔ linear (IEC 61966-2-1), colour-vision deficiency simulation (Machado,
/// Oliveira & Fernandes 2009, severity 1.0, applied to linear RGB), CIELAB under D65 and
/// CIEDE2000 (Sharma, Wu & Dalal 2005).
enum ColourScience {
    typealias RGB = SIMD3<Double>

    enum Vision: String, CaseIterable {
        case normal, protanopia, deuteranopia, tritanopia

        /// Machado et al. 2009, Table of simulation matrices, severity 1.0 (rows act on linear R, G, B).
        var matrix: [[Double]]? {
            switch self {
            case .normal: nil
            case .protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
            case .deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
            case .tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
            }
        }
    }

    static func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }

    /// Linear RGB as seen with `vision` (clamped to 0…1, as a display would show it).
    static func simulate(_ c: RGB, _ vision: Vision) -> RGB {
        guard let m = vision.matrix else { return c }
        let r = (0..<3).map { i in min(max(m[i][0] * c.x + m[i][1] * c.y + m[i][2] * c.z, 0), 1) }
        return RGB(r[0], r[1], r[2])
    }

    /// Relative luminance of linear RGB (sRGB primaries, D65).
    static func luminance(_ c: RGB) -> Double { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }

    /// Linear sRGB → CIELAB (D65 white, CIE 1976 formulas).
    static func lab(_ c: RGB) -> RGB {
        let x = 0.4124564 * c.x + 0.3575761 * c.y + 0.1804375 * c.z
        let y = 0.2126729 * c.x + 0.7151522 * c.y + 0.0721750 * c.z
        let z = 0.0193339 * c.x + 0.1191920 * c.y + 0.9503041 * c.z
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x / 0.95047), fy = f(y / 1.0), fz = f(z / 1.08883)
        return RGB(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// CIEDE2000 between two CIELAB colours (kL = kC = kH = 1), Sharma, Wu & Dalal 2005 eqs. 1–22.
    static func deltaE2000(_ l1: RGB, _ l2: RGB) -> Double {
        let deg = Double.pi / 180
        let c1 = hypot(l1.y, l1.z), c2 = hypot(l2.y, l2.z)
        let cBar = (c1 + c2) / 2
        let g = 0.5 * (1 - sqrt(pow(cBar, 7) / (pow(cBar, 7) + pow(25, 7))))
        let a1 = (1 + g) * l1.y, a2 = (1 + g) * l2.y
        let cp1 = hypot(a1, l1.z), cp2 = hypot(a2, l2.z)
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / deg
            return h < 0 ? h + 360 : h
        }
        let hp1 = hue(l1.z, a1), hp2 = hue(l2.z, a2)
        let dL = l2.x - l1.x, dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = hp2 - hp1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * sqrt(cp1 * cp2) * sin(dh / 2 * deg)
        let lBar = (l1.x + l2.x) / 2, cpBar = (cp1 + cp2) / 2
        var hBar = hp1 + hp2
        if cp1 * cp2 != 0 {
            if abs(hp1 - hp2) <= 180 { hBar = (hp1 + hp2) / 2 }
            else if hp1 + hp2 < 360 { hBar = (hp1 + hp2 + 360) / 2 }
            else { hBar = (hp1 + hp2 - 360) / 2 }
        }
        let t = 1 - 0.17 * cos((hBar - 30) * deg) + 0.24 * cos(2 * hBar * deg) + 0.32 * cos((3 * hBar + 6) * deg)
            - 0.20 * cos((4 * hBar - 63) * deg)
        let dTheta = 30 * exp(-pow((hBar - 275) / 25, 2))
        let rc = 2 * sqrt(pow(cpBar, 7) / (pow(cpBar, 7) + pow(25, 7)))
        let sl = 1 + 0.015 * pow(lBar - 50, 2) / sqrt(20 + pow(lBar - 50, 2))
        let sc = 1 + 0.045 * cpBar, sh = 1 + 0.015 * cpBar * t
        let rt = -sin(2 * dTheta * deg) * rc
        return sqrt(pow(dL / sl, 2) + pow(dC / sc, 2) + pow(dH / sh, 2) + rt * (dC / sc) * (dH / sh))
    }

    /// Sharma, Wu & Dalal 2005, Table 1: (L*, a*, b*) pairs and their ΔE00 (4 decimals).
    static let sharmaPairs: [(RGB, RGB, Double)] = [
        (RGB(50, 2.6772, -79.7751), RGB(50, 0, -82.7485), 2.0425),
        (RGB(50, 3.1571, -77.2803), RGB(50, 0, -82.7485), 2.8615),
        (RGB(50, 2.8361, -74.0200), RGB(50, 0, -82.7485), 3.4412),
        (RGB(50, -1.3802, -84.2814), RGB(50, 0, -82.7485), 1.0000),
        (RGB(50, -1.1848, -84.8006), RGB(50, 0, -82.7485), 1.0000),
        (RGB(50, -0.9009, -85.5211), RGB(50, 0, -82.7485), 1.0000),
        (RGB(50, 0, 0), RGB(50, -1, 2), 2.3669),
        (RGB(50, -1, 2), RGB(50, 0, 0), 2.3669),
        (RGB(50, 2.4900, -0.0010), RGB(50, -2.4900, 0.0009), 7.1792),
        (RGB(50, 2.4900, -0.0010), RGB(50, -2.4900, 0.0010), 7.1792),
        (RGB(50, 2.4900, -0.0010), RGB(50, -2.4900, 0.0011), 7.2195),
        (RGB(50, 2.4900, -0.0010), RGB(50, -2.4900, 0.0012), 7.2195),
        (RGB(50, -0.0010, 2.4900), RGB(50, 0.0009, -2.4900), 4.8045),
        (RGB(50, -0.0010, 2.4900), RGB(50, 0.0010, -2.4900), 4.8045),
        (RGB(50, -0.0010, 2.4900), RGB(50, 0.0011, -2.4900), 4.7461),
        (RGB(50, 2.5, 0), RGB(50, 0, -2.5), 4.3065),
        (RGB(50, 2.5, 0), RGB(73, 25, -18), 27.1492),
        (RGB(50, 2.5, 0), RGB(61, -5, 29), 22.8977),
        (RGB(50, 2.5, 0), RGB(56, -27, -3), 31.9030),
        (RGB(50, 2.5, 0), RGB(58, 24, 15), 19.4535),
        (RGB(50, 2.5, 0), RGB(50, 3.1736, 0.5854), 1.0000),
        (RGB(50, 2.5, 0), RGB(50, 3.2972, 0), 1.0000),
        (RGB(50, 2.5, 0), RGB(50, 1.8634, 0.5757), 1.0000),
        (RGB(50, 2.5, 0), RGB(50, 3.2592, 0.3350), 1.0000),
        (RGB(60.2574, -34.0099, 36.2677), RGB(60.4626, -34.1751, 39.4387), 1.2644),
        (RGB(63.0109, -31.0961, -5.8663), RGB(62.8187, -29.7946, -4.0864), 1.2630),
        (RGB(61.2901, 3.7196, -5.3901), RGB(61.4292, 2.2480, -4.9620), 1.8731),
        (RGB(35.0831, -44.1164, 3.7933), RGB(35.0232, -40.0716, 1.5901), 1.8645),
        (RGB(22.7233, 20.0904, -46.6940), RGB(23.0331, 14.9730, -42.5619), 2.0373),
        (RGB(36.4612, 47.8580, 18.3852), RGB(36.2715, 50.5065, 21.2231), 1.4146),
        (RGB(90.8027, -2.0831, 1.4410), RGB(91.1528, -1.6435, 0.0447), 1.4441),
        (RGB(90.9257, -0.5406, -0.9208), RGB(88.6381, -0.8985, -0.7239), 1.5381),
        (RGB(6.7747, -0.2908, -2.4247), RGB(5.8714, -0.0985, -2.2286), 0.6377),
        (RGB(2.0776, 0.0795, -1.1350), RGB(0.9033, -0.0636, -0.5514), 0.9082),
    ]
}
