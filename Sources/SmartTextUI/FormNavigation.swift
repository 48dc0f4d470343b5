import SmartTextClient

/// Moving through a form's fields as `GET /v1/forms/{name}` orders them: the previous and next
/// buttons, and what the return key does (move on, or submit on the last field).
public struct FormNavigation: Sendable, Hashable {
    /// What the return key of a field does.
    public enum ReturnAction: Sendable, Hashable {
        /// Focus the field with this name.
        case focus(String)
        /// The last field: submit the form (or dismiss the keyboard).
        case submit
    }

    /// The form's name.
    public let form: String
    /// Its fields, in order.
    public let fields: [FormDescription.Field]

    /// The navigation of a form's description.
    public init(_ description: FormDescription) {
        form = description.name
        fields = description.fields
    }

    /// The field named `name`.
    public func field(named name: String) -> FormDescription.Field? {
        fields.first { $0.name == name }
    }

    /// The field the next button (and the return key) moves to from `name`; nil on the last.
    public func next(after name: String) -> String? {
        field(named: name)?.next
    }

    /// The field the previous button moves to from `name`; nil on the first.
    public func previous(before name: String) -> String? {
        field(named: name)?.previous
    }

    /// The return key to show on `name` (`next`, or `done` on the last field).
    public func returnKey(for name: String) -> FormDescription.ReturnKey {
        field(named: name)?.returnKey ?? .done
    }

    /// What pressing return on `name` does.
    public func returnAction(for name: String) -> ReturnAction {
        next(after: name).map(ReturnAction.focus) ?? .submit
    }
}
