//! How much memory the machine has and this process uses, for budgets checked before a
//! table is allocated and while a search grows (Linux `/proc`; elsewhere unknown, and the
//! budgets that need it are not enforced).

/// The memory this process may use: the machine's (`MemTotal`), or less where its control
/// group's limit or its address-space limit is lower.
pub fn machine_bytes() -> Option<u64> {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| kib_field(&text, "MemTotal:"))?;
    Some(
        [Some(total), cgroup_bytes(), address_space_room()]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(total),
    )
}

/// The default memory budget: a quarter of [`machine_bytes`], so that a few commands (or the
/// searches of one run in parallel) fit beside each other.
pub fn default_budget() -> Option<u64> {
    machine_bytes().map(|bytes| bytes / 4)
}

/// The budget for a search: `asked` (bytes) or the default, and never more than the least of
/// the control group's limit and a quarter of the address space left. A quarter, because a
/// table that doubles holds its old and new arrays at once (three times its size) and the
/// rest of the process shares the room; under `ulimit -v` an allocation past the limit
/// aborts the process instead of stopping the search.
pub fn budget(asked: Option<u64>) -> Option<u64> {
    let asked = asked.or_else(default_budget);
    [
        asked,
        cgroup_bytes(),
        address_space_room().map(|room| room / 4),
    ]
    .into_iter()
    .flatten()
    .min()
}

/// The control group's memory limit (cgroup v2 `memory.max`; `max` is none).
pub fn cgroup_bytes() -> Option<u64> {
    std::fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()
        .and_then(|text| text.trim().parse::<u64>().ok())
}

/// The process's address-space limit (`getrlimit(RLIMIT_AS)`, what `ulimit -v` sets), if any.
pub fn address_space_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes one `rlimit` through a valid pointer and keeps nothing.
    let status = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) };
    (status == 0 && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}

/// The address space still free under the limit: the limit less what is mapped now
/// (`VmSize`).
fn address_space_room() -> Option<u64> {
    let limit = address_space_limit()?;
    let mapped = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|text| kib_field(&text, "VmSize:"))
        .unwrap_or(0);
    Some(limit.saturating_sub(mapped))
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
