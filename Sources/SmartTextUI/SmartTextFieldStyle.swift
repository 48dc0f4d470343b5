import SmartTextClient

/// Where a field stands for its styling: HCTextField's four states.
public enum SmartTextFieldState: Sendable, Hashable {
    /// Nothing typed, not being edited.
    case empty
    /// The user is editing it.
    case editing
    /// Left with a valid text.
    case valid
    /// Left (or submitted) with a text that is not valid.
    case invalid

    /// The state of a field showing `text`, given whether it is being edited, whether the user left
    /// it or submitted it once (`touched`), and the newest answer for its text (nil while one is
    /// awaited): the editing style while editing, the verdict only once the user left the field.
    public static func of(text: String, isEditing: Bool, touched: Bool, answer: EditAnswer?) -> SmartTextFieldState {
        if isEditing { return .editing }
        if text.isEmpty && !(touched && answer.map { !$0.valid } ?? false) { return .empty }
        guard let answer else { return touched ? .invalid : .empty }
        if answer.valid { return .valid }
        return touched || answer.state == .invalid ? .invalid : .empty
    }
}

/// The look of each state: a border colour, as HCTextField drew it. Colours are plain RGBA so that
/// the decision is made, and tested, without UIKit; the UIKit layer turns them into `UIColor`s.
public struct SmartTextFieldStyle: Sendable, Hashable {
    /// A colour, each component from 0 to 1.
    public struct Color: Sendable, Hashable {
        public var red: Double
        public var green: Double
        public var blue: Double
        public var alpha: Double

        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    /// The border of an empty field.
    public var empty: Color
    /// The border while editing.
    public var editing: Color
    /// The border of a valid field.
    public var valid: Color
    /// The border of an invalid field (its message shows under it).
    public var invalid: Color
    /// The border's width in points.
    public var borderWidth: Double

    public init(empty: Color, editing: Color, valid: Color, invalid: Color, borderWidth: Double = 1) {
        self.empty = empty
        self.editing = editing
        self.valid = valid
        self.invalid = invalid
        self.borderWidth = borderWidth
    }

    /// Grey, blue, green and red borders.
    public static let standard = SmartTextFieldStyle(
        empty: Color(red: 0.78, green: 0.78, blue: 0.80), editing: Color(red: 0.0, green: 0.48, blue: 1.0),
        valid: Color(red: 0.20, green: 0.78, blue: 0.35), invalid: Color(red: 1.0, green: 0.23, blue: 0.19))

    /// The border colour of `state`.
    public func borderColor(for state: SmartTextFieldState) -> Color {
        switch state {
        case .empty: empty
        case .editing: editing
        case .valid: valid
        case .invalid: invalid
        }
    }
}
