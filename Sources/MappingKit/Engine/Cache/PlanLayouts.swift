/// What one format (or one store) works out once per plan and reads on every mapping: the JSON
/// layout (quoted keys, each field's JSON calls), the `Decoder` layout (coding keys and value
/// shapes), the fields an import surveys.
///
/// The engine knows no format. Each format declares its layout in its own folder as a
/// ``PlanLayout`` subclass conforming to ``PlanLayoutKind``, and finds it with
/// `plan.layout(JSONLayout.self)`: made on first use, then read with one atomic load, like a
/// ``LazyValue`` (a plan that no one writes as JSON never makes its JSON layout, which keeps the
/// first mapping of a type short).
///
/// A subclass is immutable once made: the layouts are shared by every thread mapping with the plan.
class PlanLayout: @unchecked Sendable {
    /// This layout, or one made from it cheaply, for `plan`: a plan bound from this one's to other
    /// closures (``ObjectPlan/bound(to:)``, same keys and types, some fields new). `nil`, the
    /// default: `plan` makes its own.
    func carried(to plan: ObjectPlan) -> PlanLayout? { nil }
}

/// A layout a plan makes for a format: ``PlanLayout`` subclasses conform.
protocol PlanLayoutKind: PlanLayout {
    /// Where plans keep it: a constant below ``PlanLayouts/capacity``, its own among the layout
    /// types (`PlanLayoutsTests` checks both). A constant, not a number handed out on first use:
    /// a `static let` is checked for initialization on every read, and this is read for every model.
    static var slot: Int { get }
    /// Works it out for `plan`.
    init(plan: ObjectPlan)
}

/// A plan's layouts, one slot per layout type: each the address of the layout (retained by this
/// object), or 0 while unmade.
final class PlanLayouts: Sendable {
    /// More than the formats need (JSON, `Decoder`/`Encoder`, imports). A layout type whose slot
    /// is out of range has its layout made anew on each use: correct, and slow.
    static let capacity = 8

    private let slots = AtomicWords(count: PlanLayouts.capacity)
    /// The layouts of the plan this one's was bound from, offered to it before a layout is made.
    private let template: PlanLayouts?

    init(template: PlanLayouts? = nil) {
        self.template = template
    }

    /// `Layout` for `plan`, whose layouts these are: made on first use, then kept. Two threads
    /// that meet it unmade at once may both make it; the first one stored is kept.
    @inline(__always)
    func layout<Layout: PlanLayoutKind>(_: Layout.Type, for plan: ObjectPlan) -> Layout {
        let slot = Layout.slot
        guard slot >= 0, slot < Self.capacity else { return Layout(plan: plan) }
        if let pointer = UnsafeRawPointer(bitPattern: slots.loadAcquiring(slot)) {
            return unsafeDowncast(Unmanaged<PlanLayout>.fromOpaque(pointer).takeUnretainedValue(), to: Layout.self)
        }
        return make(Layout.self, at: slot, for: plan)
    }

    @inline(never)
    private func make<Layout: PlanLayoutKind>(_: Layout.Type, at slot: Int, for plan: ObjectPlan) -> Layout {
        let made = template?.made(at: slot)?.carried(to: plan) ?? Layout(plan: plan)
        let retained = Unmanaged.passRetained(made)
        let (exchanged, original) = slots.compareExchange(expected: 0, desired: UInt(bitPattern: retained.toOpaque()), at: slot)
        guard !exchanged, let pointer = UnsafeRawPointer(bitPattern: original) else {
            return unsafeDowncast(made, to: Layout.self)
        }
        retained.release()
        return unsafeDowncast(Unmanaged<PlanLayout>.fromOpaque(pointer).takeUnretainedValue(), to: Layout.self)
    }

    /// The layout in `slot`, if made.
    private func made(at slot: Int) -> PlanLayout? {
        UnsafeRawPointer(bitPattern: slots.loadAcquiring(slot)).map { Unmanaged<PlanLayout>.fromOpaque($0).takeUnretainedValue() }
    }

    deinit {
        for slot in 0..<Self.capacity {
            if let pointer = UnsafeRawPointer(bitPattern: slots.loadAcquiring(slot)) {
                Unmanaged<PlanLayout>.fromOpaque(pointer).release()
            }
        }
    }
}

extension ObjectPlan {
    /// The plan's `Layout` (see ``PlanLayout``).
    @inline(__always)
    func layout<Layout: PlanLayoutKind>(_ type: Layout.Type) -> Layout {
        layouts.layout(type, for: self)
    }
}
