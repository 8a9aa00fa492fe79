/// The generated venue's names in the kiosk's other languages (the venue file's `names` and
/// `labels`), so the demo and every `tribune venue generate` stadium read in the visitor's
/// language. Stadium terms as local ticketing writes them: a ring is a tier (German Rang,
/// Spanish anillo, Arabic الطابق, Chinese 层), a side a stand (北看台) or corner (西北角); a
/// tribune's number stays in ASCII digits, as on the signs in the stadium, and every label
/// keeps the English one's shape "<ring> · <side> <number>", from which the chart names the
/// stands and sides in its overview (`SectionHierarchy`).
extension StadiumGenerator {
    /// The default venue name and its translations.
    public static let defaultName = "SportFan Stadium"
    static let defaultNames: LocalizedNames = [
        "de": "SportFan-Stadion", "es": "Estadio SportFan", "ar": "ملعب SportFan", "zh": "SportFan体育场",
    ]

    /// Each category's translations, by id (`categories`).
    static let categoryNames: [String: LocalizedNames] = [
        "CAT1": ["de": "Kategorie 1", "es": "Categoría 1", "ar": "الفئة 1", "zh": "1类座位"],
        "CAT2": ["de": "Kategorie 2", "es": "Categoría 2", "ar": "الفئة 2", "zh": "2类座位"],
        "CAT3": ["de": "Kategorie 3", "es": "Categoría 3", "ar": "الفئة 3", "zh": "3类座位"],
        "WHEEL": ["de": "Rollstuhl und Begleitung", "es": "Silla de ruedas y acompañante",
                  "ar": "كرسي متحرك ومرافق", "zh": "轮椅位及陪同座"],
    ]

    /// The label of ring `ring` (1 = outermost), side `side` ("N", "NE", …), tribune `index`, in
    /// English and the other languages.
    static func label(ring: Int, side: String, index: Int) -> (String, LocalizedNames) {
        let s = sideNames(side)
        return ("Ring \(ring) · \(s.en) \(index)", [
            "de": "Rang \(ring) · \(s.de) \(index)",
            "es": "Anillo \(ring) · \(s.es) \(index)",
            "ar": "الطابق \(ring) · \(s.ar) \(index)",
            "zh": "\(ring)层 · \(s.zh) \(index)",
        ])
    }

    static func sideNames(_ side: String) -> (en: String, de: String, es: String, ar: String, zh: String) {
        switch side {
        case "N": ("North", "Nord", "Norte", "شمال", "北看台")
        case "E": ("East", "Ost", "Este", "شرق", "东看台")
        case "S": ("South", "Süd", "Sur", "جنوب", "南看台")
        case "W": ("West", "West", "Oeste", "غرب", "西看台")
        case "NW": ("North-west", "Nordwest", "Noroeste", "شمال غرب", "西北角")
        case "NE": ("North-east", "Nordost", "Noreste", "شمال شرق", "东北角")
        case "SE": ("South-east", "Südost", "Sureste", "جنوب شرق", "东南角")
        default: ("South-west", "Südwest", "Suroeste", "جنوب غرب", "西南角")
        }
    }
}
