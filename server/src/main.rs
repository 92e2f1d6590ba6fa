//! The `plateau` binary; see [`plateau::cli`].

/// mimalloc rather than the system allocator: the move path builds and drops many small JSON
/// values (views, legal-move lists, patches), and glibc's malloc spent about 45% of the server's CPU
/// on them under load (see `bench/README.md`). Built without transparent huge pages (the
/// workspace's `Cargo.toml` says why).
/// (Not with the `system-alloc` feature, for heap profiles.)
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    plateau::cli::main()
}
