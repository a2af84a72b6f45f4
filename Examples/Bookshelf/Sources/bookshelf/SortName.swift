/// "Ursula K. Le Guin" → "Le Guin, Ursula K.": the words from the last that starts a
/// surname particle ("Le", "de", "van") or else the last word, first.
func sortName(of name: String) -> String {
    let words = name.split(separator: " ").map(String.init)
    guard words.count > 1 else { return name }
    let particles: Set<String> = ["de", "van", "von", "le", "la", "du"]
    var surnameStart = words.count - 1
    while surnameStart > 1, particles.contains(words[surnameStart - 1].lowercased()) {
        surnameStart -= 1
    }
    let surname = words[surnameStart...].joined(separator: " ")
    let given = words[..<surnameStart].joined(separator: " ")
    return "\(surname), \(given)"
}
