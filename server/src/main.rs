//! The `dastyar` binary: parse the command line, start logging, serve.

use std::process::ExitCode;

use clap::Parser;
use dastyar_server::config::{Cli, Command};
use tracing_subscriber::EnvFilter;

// glibc's malloc keeps what a burst of argon2 hashes (19 MiB each, on
// whichever blocking thread ran them) used, one arena per thread, for good;
// mimalloc returns large freed blocks to the system within milliseconds.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
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
