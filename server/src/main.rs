//! The `dastyar` binary: parse the command line, start logging, serve.

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use dastyar_server::config::{Cli, Command};
use tracing_subscriber::EnvFilter;

// glibc's malloc keeps what a burst of argon2 hashes (19 MiB each, on
// whichever blocking thread ran them) used, one arena per thread, for good;
// mimalloc returns freed blocks to the system within milliseconds (built
// without huge pages: see `without_huge_pages`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    without_huge_pages();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("the async runtime starts")
        .block_on(run())
}

/// Keeps the kernel from backing this process with transparent huge pages,
/// where the system gives them to every process (`always`): a burst's
/// freed memory in a 2 MiB page that is still partly used is never handed
/// back. Set before the runtime's threads allocate anything.
fn without_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes plain integers and touches no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

/// How often memory freed since is handed back to the system.
const RETURN_FREED_EVERY: Duration = Duration::from_secs(2);

/// mimalloc hands a freed page back a while after it is freed, but only when
/// it next allocates or frees nearby: after a burst (thousands of sockets
/// closed, a queue of password hashes done) a quiet server would keep it all.
/// Collecting now and then does the handing back; it costs microseconds.
async fn return_freed_memory() {
    let mut every = tokio::time::interval(RETURN_FREED_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        // SAFETY: mi_collect takes a flag and only walks mimalloc's own state.
        unsafe { libmimalloc_sys::mi_collect(false) };
    }
}

async fn run() -> ExitCode {
    tokio::spawn(return_freed_memory());
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .init();
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => match dastyar_server::serve(cli.config).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                tracing::error!("{error}");
                ExitCode::FAILURE
            }
        },
    }
}
