import Geometry
import Gestures
import Testing

@Suite struct TouchFrameAssemblerTests {
    let mapping = DisplayMapping(size: Size(width: 200, height: 100))

    @Test func downMoveUpAcrossFrames() {
        var a = TouchFrameAssembler(mapping: mapping)
        a.touchDown(seatSlot: 3, u: 0.5, v: 0.25)
        #expect(a.frame(time: 1)?.touches == [TouchFrame.Touch(id: 0, location: Point(x: 100, y: 25), phase: .began)])
        #expect(a.frame(time: 1.1) == nil, "nothing happened since")
        a.touchMotion(seatSlot: 3, u: 0.25, v: 0.5)
        #expect(a.frame(time: 1.2)?.touches == [TouchFrame.Touch(id: 0, location: Point(x: 50, y: 50), phase: .moved)])
        a.touchUp(seatSlot: 3)
        #expect(a.frame(time: 1.3)?.touches == [TouchFrame.Touch(id: 0, location: Point(x: 50, y: 50), phase: .ended)])
        #expect(a.activeCount == 0)
    }

    /// A reused slot gets a fresh id; a cancelled touch is reported once; slots beyond
    /// libinput's 32 are ignored.
    @Test func idsCancelsAndSlotLimits() {
        var a = TouchFrameAssembler(mapping: mapping)
        a.touchDown(seatSlot: 0, u: 0, v: 0)
        a.touchDown(seatSlot: 1, u: 1, v: 1)
        a.touchDown(seatSlot: TouchFrameAssembler.seatSlotCount, u: 0.5, v: 0.5)
        #expect(a.frame(time: 0)?.touches.map(\.id) == [0, 1])
        a.touchCancel(seatSlot: 1)
        a.touchUp(seatSlot: 0)
        a.touchDown(seatSlot: 0, u: 0, v: 0)
        let f = a.frame(time: 1)
        #expect(f?.touches.map(\.id) == [0, 1, 2])
        #expect(f?.touches.map(\.phase) == [.ended, .cancelled, .began])
        a.reset()
        #expect(a.activeCount == 0 && a.frame(time: 2) == nil)
    }
}
