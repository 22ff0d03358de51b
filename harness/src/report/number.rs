//! Counts written for people: `27,465,112`, not `27465112`.

/// `n` with its digits grouped by threes with commas, as the README writes counts.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn groups_by_threes() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(27_465_112), "27,465,112");
        assert_eq!(grouped(100_000), "100,000");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }
}
