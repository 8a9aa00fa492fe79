import Foundation

/// A small Tribune venue file (docs/venue-format.md), written out by hand so the expected
/// prices, rows and labels below are read off the text, not computed by the code under test.
/// North: row 1 `N-1-1`…`N-1-4` (CAT1), row 2 `N-2-1`…`N-2-4` (CAT2); South: row 1 `S-1-1`,
/// `S-1-2` (WHEEL), row 2 `S-2-1`, `S-2-2` (CAT2). 12 seats; prices CAT1 45.00, CAT2 29.00,
/// WHEEL 19.00 CHF.
enum TribuneVenueFixture {
    static let text = """
        {"format":"tribune-venue","version":1,"id":"cup-arena","name":"Cup Arena","units":"pt","size":{"width":400.0,"height":300.0},\
        "field":{"x":150.0,"y":100.0,"width":100.0,"height":100.0},"rings":[],"categories":[
        {"id":"CAT1","name":"Category 1","color":"#E87722","price":{"amount_minor":4500,"currency":"CHF"}},
        {"id":"CAT2","name":"Category 2","color":"#1D3557","price":{"amount_minor":2900,"currency":"CHF"}},
        {"id":"WHEEL","name":"Wheelchair + companion","color":"#2A9D8F","price":{"amount_minor":1900,"currency":"CHF"}}],"tribunes":[
        {"id":"N","label":"North","kind":"rect","rect":{"x":100.0,"y":20.0,"width":200.0,"height":60.0},"seat_size":10.0,"seats":[\
        {"id":"N-1-1","row":"1","number":"1","x":130.0,"y":65.0,"rotation":0.0,"category":"CAT1"},\
        {"id":"N-1-2","row":"1","number":"2","x":150.0,"y":65.0,"rotation":0.0,"category":"CAT1"},\
        {"id":"N-1-3","row":"1","number":"3","x":170.0,"y":65.0,"rotation":0.0,"category":"CAT1"},\
        {"id":"N-1-4","row":"1","number":"4","x":190.0,"y":65.0,"rotation":0.0,"category":"CAT1"},\
        {"id":"N-2-1","row":"2","number":"1","x":130.0,"y":45.0,"rotation":0.0,"category":"CAT2"},\
        {"id":"N-2-2","row":"2","number":"2","x":150.0,"y":45.0,"rotation":0.0,"category":"CAT2"},\
        {"id":"N-2-3","row":"2","number":"3","x":170.0,"y":45.0,"rotation":0.0,"category":"CAT2"},\
        {"id":"N-2-4","row":"2","number":"4","x":190.0,"y":45.0,"rotation":0.0,"category":"CAT2"}]},
        {"id":"S","label":"South","kind":"rect","rect":{"x":100.0,"y":220.0,"width":200.0,"height":60.0},"seat_size":10.0,"seats":[\
        {"id":"S-1-1","row":"1","number":"1","x":130.0,"y":235.0,"rotation":3.141592653589793,"category":"WHEEL","flags":["wheelchair"]},\
        {"id":"S-1-2","row":"1","number":"2","x":150.0,"y":235.0,"rotation":3.141592653589793,"category":"WHEEL","flags":["companion"]},\
        {"id":"S-2-1","row":"2","number":"1","x":130.0,"y":255.0,"rotation":3.141592653589793,"category":"CAT2"},\
        {"id":"S-2-2","row":"2","number":"2","x":150.0,"y":255.0,"rotation":3.141592653589793,"category":"CAT2"}]}
        ]}

        """

    static var document: Data { Data(text.utf8) }

    /// The fixture with `original` replaced by `replacement` (which must occur exactly once).
    static func replacing(_ original: String, with replacement: String) -> Data {
        precondition(text.components(separatedBy: original).count == 2, "'\(original)' must occur once in the fixture")
        return Data(text.replacingOccurrences(of: original, with: replacement).utf8)
    }

    /// A fresh temporary folder holding the fixture (or `document`) as `venue.json`.
    static func folder(document: Data = document) throws -> (directory: String, venuePath: String) {
        let directory = NSTemporaryDirectory() + "boxoffice-venue-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/venue.json"
        try document.write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }
}
