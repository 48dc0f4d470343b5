import Foundation

/// Moving an edit made on an older text onto the current one.
extension EditSession {
    /// A text and its selection.
    struct Snapshot {
        var text: String
        var selection: NSRange
    }

    /// Where `range`, an edit of `base`, goes in `current`; `nil` when there is nothing left to edit.
    ///
    /// An edit at the caret (typing, backspace, forward delete) follows the caret; any other range is
    /// carried across the part of the text that changed.
    nonisolated static func move(_ range: NSRange, from base: Snapshot, to current: Snapshot) -> NSRange? {
        let caret = base.selection.location
        if base.selection.length == 0 && current.selection.length == 0 {
            let now = current.selection.location
            if range.length == 0 && range.location == caret {
                return NSRange(location: now, length: 0)
            }
            if range.length > 0 && range.location + range.length == caret {
                return character(in: current.text, endingAt: now)
            }
            if range.length > 0 && range.location == caret {
                return character(in: current.text, startingAt: now)
            }
        }
        let (prefix, suffix) = unchanged(base.text, current.text)
        let baseLength = base.text.utf16.count
        let currentLength = current.text.utf16.count
        let start: Int
        let end: Int
        let lower = range.location
        let upper = range.location + range.length
        if lower <= prefix {
            start = lower
        } else if lower >= baseLength - suffix {
            start = lower - baseLength + currentLength
        } else {
            start = prefix
        }
        if upper <= prefix {
            end = upper
        } else if upper >= baseLength - suffix {
            end = upper - baseLength + currentLength
        } else {
            end = currentLength - suffix
        }
        return NSRange(location: start, length: max(0, end - start))
    }

    /// The UTF-16 lengths of the longest common prefix and suffix of two texts, whole scalars only.
    nonisolated static func unchanged(_ old: String, _ new: String) -> (prefix: Int, suffix: Int) {
        let oldScalars = Array(old.unicodeScalars)
        let newScalars = Array(new.unicodeScalars)
        var prefixCount = 0
        var prefix = 0
        while prefixCount < min(oldScalars.count, newScalars.count)
            && oldScalars[prefixCount] == newScalars[prefixCount]
        {
            prefix += oldScalars[prefixCount].utf16.count
            prefixCount += 1
        }
        var suffixCount = 0
        var suffix = 0
        while suffixCount < min(oldScalars.count, newScalars.count) - prefixCount
            && oldScalars[oldScalars.count - 1 - suffixCount] == newScalars[newScalars.count - 1 - suffixCount]
        {
            suffix += oldScalars[oldScalars.count - 1 - suffixCount].utf16.count
            suffixCount += 1
        }
        return (prefix, suffix)
    }

    /// The user-perceived character of `text` that ends at UTF-16 offset `offset`.
    nonisolated static func character(in text: String, endingAt offset: Int) -> NSRange? {
        var start = 0
        for character in text {
            let end = start + character.utf16.count
            if end >= offset { return start < offset ? NSRange(location: start, length: end - start) : nil }
            start = end
        }
        return nil
    }

    /// The user-perceived character of `text` that starts at UTF-16 offset `offset`.
    nonisolated static func character(in text: String, startingAt offset: Int) -> NSRange? {
        var start = 0
        for character in text {
            let end = start + character.utf16.count
            if end > offset { return NSRange(location: start, length: end - start) }
            start = end
        }
        return nil
    }
}
