import JSON

/// A venue file that could not be read: where (the JSON path, and line and column) and what was
/// expected. `description` reads like `tribunes[3].seats[12].rotation: expected a number, found "x"
/// (line 40, column 17)`. The venue readers pull values from `JSONScanner` and report their own
/// rules in the same form, so it is the scanner's error type.
public typealias VenueFileError = JSONError
