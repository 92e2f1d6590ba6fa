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
    /// Count the legal move sequences of each length from a game's start (perft), with the time
    /// each count took.
    Perft(PerftArgs),
    /// Print the WebSocket's AsyncAPI 3.0 document (the one served at /api/v1/asyncapi.json).
    Asyncapi,
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
    /// The game's id (`abalone`, `triominos`, `pinuid`, `trangouar`, `groups-of-three`).
    game: String,
    /// Counts from 1 to this many plies.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    depth: u32,
    /// The match seed: a number (its 8 bytes little-endian, then zeros) or 64 hex digits (a
    /// match's revealed seed). Chance (deals, dice, coins) is drawn from it as play goes.
    #[arg(long, default_value = "0", value_parser = parse_seed)]
    seed: plateau_games::Seed,
    /// Players; default: the fewest the game allows.
    #[arg(long)]
    players: Option<usize>,
    /// The match's options, a JSON object (default: the game's defaults).
    #[arg(long, default_value = "{}", value_parser = parse_json)]
    options: serde_json::Value,
    /// Abalone's start layout (standard, belgian-daisy or german-daisy): its `layout` option.
    #[arg(long)]
    layout: Option<String>,
}

/// A seed of `--seed`: a number, or 64 hex digits.
fn parse_seed(text: &str) -> Result<plateau_games::Seed, String> {
    if let Ok(n) = text.parse::<u64>() {
        return Ok(plateau_games::perft::seed_of(n));
    }
    let bytes = hex::decode(text).map_err(|e| format!("not a number nor hex: {e}"))?;
    bytes
        .try_into()
        .map_err(|_| "a hex seed has 64 digits (32 bytes)".to_string())
}

/// The JSON of `--options`.
fn parse_json(text: &str) -> Result<serde_json::Value, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.log_format);
    match cli.command {
        Some(Command::Perft(args)) => perft(&args),
        Some(Command::Asyncapi) => {
            let document = crate::api::asyncapi::asyncapi();
            println!("{}", serde_json::to_string_pretty(document).expect("JSON"));
            ExitCode::SUCCESS
        }
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

/// `plateau perft`: one line a depth on stdout, `depth D: COUNT (SECONDS s)`.
fn perft(args: &PerftArgs) -> ExitCode {
    let started = match start_for_perft(args) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("plateau perft: {e}");
            return ExitCode::FAILURE;
        }
    };
    for depth in 1..=args.depth {
        let clock = std::time::Instant::now();
        let count = started.perft(depth);
        let seconds = clock.elapsed().as_secs_f64();
        println!("depth {depth}: {count} ({seconds:.3} s)");
    }
    ExitCode::SUCCESS
}

/// The match `plateau perft` counts from: the game's start for its arguments.
fn start_for_perft(args: &PerftArgs) -> Result<Box<dyn plateau_games::Match>, String> {
    let entry = plateau_games::registry::find(&args.game)
        .ok_or_else(|| format!("no game {:?}", args.game))?;
    let players = args.players.unwrap_or(entry.info().min_players);
    let mut options = args.options.clone();
    if let Some(layout) = &args.layout {
        let object = options
            .as_object_mut()
            .ok_or("--options is a JSON object")?;
        object.insert("layout".into(), layout.as_str().into());
    }
    let options = entry
        .validate(players, &options)
        .map_err(|e| e.to_string())?;
    entry
        .start(&options, players, args.seed)
        .map_err(|e| e.to_string())
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
