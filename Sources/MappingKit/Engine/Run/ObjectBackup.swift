/// The mapped properties of a stored class instance as they were before an import changed it,
/// put back if the import fails.
final class ObjectBackup: MergeBackup {
    private let object: AnyObject
    private let slots: [any FieldSlot]
    private let buffer: UnsafeMutableRawPointer
    private var isHeld = true

    init(of object: AnyObject, plan: ObjectPlan) {
        self.object = object
        slots = plan.fields + (plan.stash.map { [$0] } ?? [])
        buffer = UnsafeMutableRawPointer.allocate(byteCount: plan.stagingByteCount, alignment: plan.stagingAlignment)
        let model = Unmanaged.passUnretained(object).toOpaque()
        for slot in slots { slot.back(up: model, into: buffer) }
    }

    /// Puts the properties back.
    func restore() {
        restore(onto: object)
    }

    /// Puts the properties onto `other`, an instance of the same class (a new object's
    /// properties onto one a failed import made, to let go of what it refers to).
    func restore(onto other: AnyObject) {
        guard isHeld else { return }
        let model = Unmanaged.passUnretained(other).toOpaque()
        for slot in slots { slot.restore(model, from: buffer) }
        isHeld = false
    }

    deinit {
        if isHeld { for slot in slots { slot.calls.discard(buffer) } }
        buffer.deallocate()
    }
}
