//! Rebuilds the server when a migration is added: `sqlx::migrate!` reads the
//! migrations folders at compile time, and cargo does not see a new file
//! there by itself (sqlx's documented build script).

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
