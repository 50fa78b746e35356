import PeachCore

/// The class a `--class` option names: by its name, or by its id when two teachers' classes share
/// one.
enum ClassArgument {
    static func find(_ text: String, in accounts: any AccountStore & ClassroomStore) async throws -> Classroom {
        let all = try await every(in: accounts)
        let named = all.filter { $0.name == text }
        if named.count > 1 {
            let ids = named.map { String($0.id) }.joined(separator: ", ")
            throw PeachFailure("\(named.count) classes are named '\(text)' (ids \(ids)): give --class its id")
        }
        guard let found = named.first ?? Int64(text).flatMap({ id in all.first { $0.id == id } }) else {
            throw PeachFailure("no class '\(text)' (peach classes list names them)")
        }
        return found
    }

    /// Every class, by teacher.
    static func every(in accounts: any AccountStore & ClassroomStore) async throws -> [Classroom] {
        var classrooms: [Classroom] = []
        for teacher in try await accounts.accounts() where teacher.isTeacher {
            classrooms += try await accounts.classrooms(taughtBy: teacher.id)
        }
        return classrooms
    }
}
