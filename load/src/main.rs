//! `plateau-load`: the command line of the load tool (the work is in the library).

// Parses arguments and calls the library: nothing here needs unsafe.
#![forbid(unsafe_code)]

use clap::Parser;
use std::process::ExitCode;

/// The tool parses every frame of thousands of clients into JSON values: mimalloc keeps that cheap.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = plateau_load::Cli::parse();
    let limit = plateau_load::raise_fd_limit();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("plateau-load: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!("plateau-load: open-file limit {limit}");
    match runtime.block_on(plateau_load::run(&cli)) {
        Ok(summary) => {
            if cli.json {
                println!("{}", summary.to_json());
            } else {
                print!("{}", summary.to_text());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("plateau-load: {e}");
            ExitCode::FAILURE
        }
    }
}
