//! How much memory the machine has and this process uses, for budgets checked before a
//! table is allocated and while a search grows (Linux `/proc`; elsewhere unknown, and the
//! budgets that need it are not enforced).

/// The memory this process may use: the machine's (`MemTotal`), or its control group's
/// limit where that is lower.
pub fn machine_bytes() -> Option<u64> {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| kib_field(&text, "MemTotal:"))?;
    let limit = std::fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()
        .and_then(|text| text.trim().parse::<u64>().ok());
    Some(limit.map_or(total, |l| l.min(total)))
}

/// The default memory budget: a quarter of [`machine_bytes`], so that a few commands (or the
/// searches of one run in parallel) fit beside each other.
pub fn default_budget() -> Option<u64> {
    machine_bytes().map(|bytes| bytes / 4)
}

/// This process's resident memory now.
pub fn resident_bytes() -> Option<u64> {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|text| kib_field(&text, "VmRSS:"))
}

/// A `Name:   1234 kB` line of a `/proc` file, in bytes.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let kib: u64 = line[name.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

/// Mebibytes as text (`512 MiB`), for messages.
pub fn mib(bytes: u64) -> String {
    format!("{} MiB", bytes >> 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_proc_fields() {
        assert_eq!(
            kib_field("MemTotal:  2048 kB\n", "MemTotal:"),
            Some(2 << 20)
        );
        assert_eq!(kib_field("VmRSS:\tx kB\n", "VmRSS:"), None);
        if cfg!(target_os = "linux") {
            assert!(machine_bytes().is_some_and(|m| m > 1 << 20));
            assert!(resident_bytes().is_some_and(|r| r > 0));
        }
    }
}
