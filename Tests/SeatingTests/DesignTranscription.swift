import Foundation
import Geometry

/// An independent transcription of SportFan's `Stadium`, `Sector.computeTribunes` and the two
/// `computeSeats`, written from the design's source for the tests (it shares no code with the
/// generator). The three documented deviations are applied on purpose: rings centred in the
/// W × W/1.3 rect, `Int` tribune counts on the straight sides with the leftover spread evenly,
/// and corners visited in the order π, 3π/2, 2π, 5π/2.
struct DesignTranscription {
    struct Seat { var center: Point; var rotation: Double }
    enum Shape { case rect(Rect), arc(center: Point, radius: Double, inner: Double, start: Double, end: Double) }
    struct Tribune { var ring: Int; var shape: Shape; var seats: [Seat] }

    var tribunes: [Tribune] = []
    var field = Rect.zero

    init(width: Double, sectorsNumber: Int = 4) {
        let widthToHeightRatio = 1.3
        let height = width / widthToHeightRatio
        let sectorDiff = width / Double(sectorsNumber * 2)
        let tribuneSize = Size(width: sectorDiff / 3, height: sectorDiff / 4.5)
        var smallest = Rect.zero
        for i in 0..<sectorsNumber {
            let sectionWidth = width - sectorDiff * Double(i)
            let sectionHeight = width / widthToHeightRatio - sectorDiff * Double(i)
            let sectorRect = Rect(x: (width - sectionWidth) / 2.0, y: (height - sectionHeight) / 2.0,
                                  width: sectionWidth, height: sectionHeight)
            smallest = sectorRect
            let tribuneWidthOffset = (tribuneSize.width / Double(sectorsNumber * 2)) * Double(i)
            let size = Size(width: tribuneSize.width - tribuneWidthOffset, height: tribuneSize.height)
            let offset = (sectorDiff / 2 - tribuneSize.height) / 2.0
            sector(ring: i, rect: sectorRect, tribuneSize: size, offset: offset)
        }
        field = Rect(x: smallest.minX + smallest.width * 0.25, y: smallest.minY + smallest.height * 0.25,
                     width: smallest.width * 0.5, height: smallest.height * 0.5)
    }

    mutating func sector(ring: Int, rect: Rect, tribuneSize: Size, offset: Double) {
        let corner = rect.width / 4.0
        let seatSize = tribuneSize.height * 0.1
        // computeRectTribunesPaths (with Int counts, see above)
        let segmentWidth = rect.width - corner * 2.0
        let segmentHeight = rect.height - corner * 2.0
        let hCount = Int(segmentWidth / tribuneSize.width)
        let vCount = Int(segmentHeight / tribuneSize.width)
        let spacingH = (segmentWidth - tribuneSize.width * Double(hCount)) / Double(hCount)
        let spacingV = (segmentHeight - tribuneSize.width * Double(vCount)) / Double(vCount)
        func rectTribune(x: Double, y: Double, vertical: Bool, rotation: Double) {
            let r = Rect(x: x, y: y, width: vertical ? tribuneSize.height : tribuneSize.width,
                         height: vertical ? tribuneSize.width : tribuneSize.height)
            // computeSeats(for: CGRect, at:)
            var seats: [Seat] = []
            let columnsNumber = Int(r.width / seatSize)
            let rowsNumber = Int(r.height / seatSize)
            let sH = (r.width - seatSize * Double(columnsNumber)) / Double(columnsNumber)
            let sV = (r.height - seatSize * Double(rowsNumber)) / Double(rowsNumber)
            for column in 0..<columnsNumber {
                for row in 0..<rowsNumber {
                    let sx = r.minX + sH / 2.0 + (sH + seatSize) * Double(column)
                    let sy = r.minY + sV / 2.0 + (sV + seatSize) * Double(row)
                    seats.append(Seat(center: Point(x: sx + seatSize / 2, y: sy + seatSize / 2), rotation: rotation))
                }
            }
            tribunes.append(Tribune(ring: ring, shape: .rect(r), seats: seats))
        }
        for i in 0..<hCount {
            let x = rect.minX + (tribuneSize.width + spacingH) * Double(i) + corner + spacingH / 2
            rectTribune(x: x, y: rect.minY + offset, vertical: false, rotation: 0)
            rectTribune(x: x, y: rect.maxY - offset - tribuneSize.height, vertical: false, rotation: -.pi)
        }
        for i in 0..<vCount {
            let y = rect.minY + (tribuneSize.width + spacingV) * Double(i) + corner + spacingV / 2
            rectTribune(x: rect.minX + offset, y: y, vertical: true, rotation: -.pi / 2.0)
            rectTribune(x: rect.maxX - offset - tribuneSize.height, y: y, vertical: true, rotation: 3.0 * -.pi / 2.0)
        }
        // computeArcTribunesPaths
        let radius = corner - offset
        let innerRadius = corner - offset - tribuneSize.height
        let arcLength = (.pi / 2) * radius
        let arcTribunesCount = Int(arcLength / (tribuneSize.width * 1.2))
        let arcSpacing = (arcLength - tribuneSize.width * Double(arcTribunesCount)) / Double(arcTribunesCount + 1)
        let angle = tribuneSize.width / radius
        let spacingAngle = arcSpacing / radius
        let arcs: [(Double, Point)] = [
            (.pi, Point(x: rect.minX + corner, y: rect.minY + corner)),
            (3 * .pi / 2, Point(x: rect.maxX - corner, y: rect.minY + corner)),
            (2 * .pi, Point(x: rect.maxX - corner, y: rect.maxY - corner)),
            (5 * .pi / 2, Point(x: rect.minX + corner, y: rect.maxY - corner)),
        ]
        for (key, center) in arcs {
            var previousAngle = key
            for _ in 0..<arcTribunesCount {
                let startAngle = previousAngle + spacingAngle
                let endAngle = previousAngle + spacingAngle + angle
                // computeSeats(for: ArcTribune)
                var seats: [Seat] = []
                let rowsNumber = Int(tribuneSize.height / seatSize)
                let sV = (tribuneSize.height - seatSize * Double(rowsNumber)) / Double(rowsNumber)
                for row in 0..<rowsNumber {
                    let r = radius - Double(row) * (sV + seatSize) - sV - seatSize / 2.0
                    let len = abs(endAngle - startAngle) * r
                    let arcSeatsNum = Int(len / (seatSize * 1.1))
                    let space = (len - seatSize * Double(arcSeatsNum)) / Double(arcSeatsNum)
                    let seatAngle = seatSize / r
                    let spaceAngle = space / r
                    var a = startAngle + spaceAngle + seatAngle / 2.0
                    for _ in 0..<arcSeatsNum {
                        seats.append(Seat(center: Point(x: center.x + r * cos(a), y: center.y + r * sin(a)),
                                          rotation: a + .pi / 2))
                        a += spaceAngle + seatAngle
                    }
                }
                tribunes.append(Tribune(ring: ring, shape: .arc(center: center, radius: radius, inner: innerRadius,
                                                                start: startAngle, end: endAngle), seats: seats))
                previousAngle += spacingAngle + angle
            }
        }
    }
}
