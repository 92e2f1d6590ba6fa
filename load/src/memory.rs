//! The server's resident memory, for the `idle` scenario: from the process whose pid is given, else
//! from `/metrics` (`plateau_process_resident_memory_bytes`), else from `/proc` for the process that
//! listens on the target port (same machine only).

use std::net::SocketAddr;

use crate::client::Rest;

/// Where a memory figure came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Pid(u32),
    Metrics,
}

/// Finds how to read the server's memory: the given pid, `/metrics`, or the port's owner.
pub async fn source(rest: &Rest, addr: SocketAddr, pid: Option<u32>) -> Option<Source> {
    if let Some(pid) = pid {
        return Some(Source::Pid(pid));
    }
    if let Ok(text) = rest.metrics().await {
        if gauge(&text, "plateau_process_resident_memory_bytes").is_some() {
            return Some(Source::Metrics);
        }
    }
    port_owner(addr.port()).map(Source::Pid)
}

/// Resident bytes of the server now.
pub async fn resident_bytes(rest: &Rest, source: Source) -> Option<u64> {
    match source {
        Source::Pid(pid) => proc_rss(pid),
        Source::Metrics => gauge(
            &rest.metrics().await.ok()?,
            "plateau_process_resident_memory_bytes",
        )
        .map(|v| v as u64),
    }
}

/// A metric's value from the Prometheus text format (the first sample of that name).
pub fn gauge(text: &str, name: &str) -> Option<f64> {
    text.lines().find_map(|line| {
        let rest = line.strip_prefix(name)?;
        let value = rest.strip_prefix(' ')?;
        value.trim().parse().ok()
    })
}

/// VmRSS of a process, in bytes.
pub fn proc_rss(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// CPU time (user + system) a process has used, in seconds (from `/proc/<pid>/stat`, in the
/// kernel's USER_HZ ticks, 100 a second on Linux).
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// CPU time (user + system), in seconds, of every process of this machine whose command is
/// `name` (`postgres`: the database server's postmaster and each connection's backend, which
/// come and go; a backend that ended within the window is not counted, so the figure is a floor).
/// None when there is none.
pub fn cpu_seconds_of_all(name: &str) -> Option<f64> {
    processes()?
        .filter(|(_, dir)| {
            std::fs::read_to_string(dir.join("comm")).is_ok_and(|comm| comm.trim_end() == name)
        })
        .filter_map(|(pid, _)| cpu_seconds(pid))
        .fold(None, |total, seconds| Some(total.unwrap_or(0.0) + seconds))
}

/// Every process of this machine: its pid and its directory under `/proc`.
fn processes() -> Option<impl Iterator<Item = (u32, std::path::PathBuf)>> {
    Some(
        std::fs::read_dir("/proc")
            .ok()?
            .flatten()
            .filter_map(|entry| {
                let pid = entry.file_name().to_str()?.parse::<u32>().ok()?;
                Some((pid, entry.path()))
            }),
    )
}

/// The pid of the process listening on TCP `port` on this machine (needs permission to read its
/// file descriptors).
pub fn port_owner(port: u16) -> Option<u32> {
    let mut inodes = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let Ok(text) = std::fs::read_to_string(table) else {
            continue;
        };
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (Some(local), Some(state), Some(inode)) =
                (fields.get(1), fields.get(3), fields.get(9))
            else {
                continue;
            };
            let listening = *state == "0A";
            let on_port = local
                .rsplit_once(':')
                .and_then(|(_, p)| u16::from_str_radix(p, 16).ok())
                == Some(port);
            if listening && on_port {
                inodes.push(format!("socket:[{inode}]"));
            }
        }
    }
    if inodes.is_empty() {
        return None;
    }
    for (pid, dir) in processes()? {
        let Ok(fds) = std::fs::read_dir(dir.join("fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            if let Ok(link) = std::fs::read_link(fd.path()) {
                if inodes.iter().any(|i| link.as_os_str() == i.as_str()) {
                    return Some(pid);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_gauge() {
        let text =
            "# HELP x\nplateau_connections 12\nplateau_process_resident_memory_bytes 1.5e7\n";
        assert_eq!(gauge(text, "plateau_connections"), Some(12.0));
        assert_eq!(
            gauge(text, "plateau_process_resident_memory_bytes"),
            Some(1.5e7)
        );
        assert_eq!(gauge(text, "plateau_conn"), None);
    }

    #[test]
    fn reads_own_cpu_time() {
        let spin = std::time::Instant::now();
        while spin.elapsed() < std::time::Duration::from_millis(30) {}
        assert!(cpu_seconds(std::process::id()).is_some_and(|s| s > 0.0));
    }

    #[test]
    fn reads_own_rss() {
        assert!(proc_rss(std::process::id()).is_some_and(|b| b > 0));
    }

    #[test]
    fn finds_processes_by_command() {
        let comm = std::fs::read_to_string("/proc/self/comm").unwrap();
        // This test's own process is one of them, and it has used some CPU by now.
        assert!(cpu_seconds_of_all(comm.trim_end()).is_some());
        assert_eq!(cpu_seconds_of_all("no-such-command-here"), None);
    }
}
