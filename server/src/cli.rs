//! The `plateau` command: `serve` (the default), `migrate`, `admin`, `backup`, `perft`.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

use crate::config::{DatabaseArgs, LogFormat, ServeArgs};

#[derive(Debug, Parser)]
#[command(
    name = "plateau",
    version,
    about = "An authoritative online server for board games"
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// Log lines as text or JSON (`RUST_LOG` filters them; default `info`).
    #[arg(long, env = "PLATEAU_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    log_format: LogFormat,

    #[command(subcommand)]
    command: Option<Command>,

    /// With no command, `plateau` serves with these settings.
    #[command(flatten)]
    serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the server (the default).
    // Boxed: the settings are many, the other commands small.
    Serve(Box<ServeArgs>),
    /// Apply the database migrations and exit.
    Migrate(DatabaseArgs),
    /// Make a player an admin, or a plain player again, on a running or stopped server's
    /// database (the first admin comes from here).
    Admin(AdminArgs),
    /// Copy a running or stopped server's SQLite database, consistently, into a new file
    /// (Postgres: pg_dump, see docs/deploy.md).
    Backup(BackupArgs),
    /// Count the leaves of the legal-move tree from a start position.
    Perft(PerftArgs),
}

#[derive(Debug, clap::Args)]
struct BackupArgs {
    /// The file to write (it must not exist).
    path: std::path::PathBuf,
    #[command(flatten)]
    database: DatabaseArgs,
}

#[derive(Debug, clap::Args)]
struct AdminArgs {
    #[command(subcommand)]
    change: AdminChange,
}

#[derive(Debug, Subcommand)]
enum AdminChange {
    /// Make the player an admin.
    Grant(AdminTarget),
    /// Make the player a plain player again.
    Revoke(AdminTarget),
}

#[derive(Debug, clap::Args)]
struct AdminTarget {
    /// The player: its id, the name of an account, or the exact name of a single guest.
    player: String,
    #[command(flatten)]
    database: DatabaseArgs,
}

#[derive(Debug, clap::Args)]
struct PerftArgs {
    /// The game (only `abalone` for now).
    game: String,
    /// Players (2 to 4).
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Start layout, for 2 players: standard, belgian-daisy or german-daisy.
    #[arg(long, default_value = "standard")]
    layout: String,
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.log_format);
    match cli.command {
        Some(Command::Perft(args)) => perft(&args),
        Some(Command::Migrate(db)) => run_async(async move {
            let store = crate::store::Store::connect(&db.database_url, 1).await?;
            store.migrate().await?;
            tracing::info!(database = store.kind(), "migrations applied");
            Ok::<(), crate::app::StartError>(())
        }),
        Some(Command::Admin(args)) => run_async(admin(args)),
        Some(Command::Backup(args)) => run_async(async move {
            crate::store::backup::backup_sqlite(&args.database.database_url, &args.path).await?;
            println!("backed up to {}", args.path.display());
            Ok::<(), crate::store::backup::BackupError>(())
        }),
        Some(Command::Serve(args)) => run_async(crate::app::serve(*args)),
        None => run_async(crate::app::serve(cli.serve)),
    }
}

async fn admin(args: AdminArgs) -> Result<(), crate::moderation::admins::AdminError> {
    let (target, grant) = match &args.change {
        AdminChange::Grant(target) => (target, true),
        AdminChange::Revoke(target) => (target, false),
    };
    let store = crate::store::Store::connect(&target.database.database_url, 1).await?;
    let player = crate::moderation::admins::set_admin(&store, &target.player, grant).await;
    store.close().await;
    let player = player?;
    let now = if grant { "an admin" } else { "not an admin" };
    println!("{} ({}) is {now}", player.name, player.id);
    Ok(())
}

/// How long an idle thread of the blocking pool lives.
const BLOCKING_KEEP_ALIVE: std::time::Duration = std::time::Duration::from_secs(1);

fn run_async<E: std::fmt::Display>(
    work: impl std::future::Future<Output = Result<(), E>>,
) -> ExitCode {
    // Engine calls and password hashes run on the blocking pool in bursts (every room of a busy
    // minute starting at once): its threads go after a second idle rather than Tokio's ten, so an
    // idle server does not keep a burst's threads (their stacks and allocator caches) resident.
    //
    // At least two workers: the move path runs engine calls inline on a worker (see
    // `engine_host::guard`), and a runaway engine holds its worker until it returns; another one
    // keeps serving meanwhile. Not one more than the cores: each worker costs wake-ups between
    // workers on every move (at human pace, 2,000 matches on 2 cores: 224 us of CPU per move with
    // one worker, 265 with two, 290 with three; `bench/README.md`).
    //
    // `TOKIO_WORKER_THREADS`, Tokio's own setting, wins when it is set: one worker costs fewer
    // wake-ups on a small machine, at the price of that spare.
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if std::env::var_os("TOKIO_WORKER_THREADS").is_none() {
        runtime.worker_threads(cores.max(2));
    }
    let runtime = runtime
        .enable_all()
        .thread_keep_alive(BLOCKING_KEEP_ALIVE)
        .build();
    let runtime = match runtime {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("plateau: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(work) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            eprintln!("plateau: {e}");
            ExitCode::FAILURE
        }
    }
}

fn perft(args: &PerftArgs) -> ExitCode {
    if args.game != "abalone" {
        eprintln!("plateau perft: only `abalone` has a perft count");
        return ExitCode::FAILURE;
    }
    let started = std::time::Instant::now();
    match plateau_games::abalone::perft(args.players, &args.layout, args.depth) {
        Ok(count) => {
            println!("{count}");
            eprintln!(
                "perft({}) in {:.3} s",
                args.depth,
                started.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("plateau perft: {e}");
            ExitCode::FAILURE
        }
    }
}

fn init_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()));
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}
