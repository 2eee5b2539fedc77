//! Micro-benchmark: normalising and taking the terms of search text, as every
//! indexed chunk goes through. A benchmark, not a test: it asserts nothing.
//! Run with `cargo bench -p dastyar-core --bench text`.

use std::hint::black_box;
use std::time::Instant;

use dastyar_core::text::chunk::{ChunkOptions, chunks};
use dastyar_core::text::normalise::normalise;
use dastyar_core::text::terms::index_terms;
use dastyar_core::text::{Location, Section};

fn throughput(name: &str, text: &str, rounds: u32, mut f: impl FnMut(&str)) {
    f(text);
    let start = Instant::now();
    for _ in 0..rounds {
        f(text);
    }
    let seconds = start.elapsed().as_secs_f64();
    let megabytes = text.len() as f64 * f64::from(rounds) / 1e6;
    println!("{name:<44} {:>10.1} MB/s", megabytes / seconds);
}

fn main() {
    let persian = "کتاب‌های درسی سال ۱۴۰۴ را می‌توانید از فروشگاه ما با ۱۰٪ تخفیف بخرید؛ \
                   ارسال به سراسر ایران رایگان است. "
        .repeat(2000);
    // The same text as a PDF may carry it: Arabic letters and digits, tatweel, harakat.
    let arabic = "كتابهاي درسـي سال ١٤٠٤ را مي‌توانيد از فروشگاهِ ما بخريد. ".repeat(2000);
    let english =
        "Textbooks for 2025 can be bought from our shop with a 10% discount. ".repeat(2000);
    for (label, text) in [("Persian", &persian), ("Arabic forms", &arabic), ("English", &english)] {
        throughput(&format!("normalise ({label})"), text, 20, |t| {
            black_box(normalise(t));
        });
        throughput(&format!("index_terms ({label})"), text, 20, |t| {
            black_box(index_terms(t));
        });
    }
    let sections = [Section { location: Location::Whole, text: persian.clone() }];
    throughput("chunks (Persian, default options)", &persian, 20, |_| {
        black_box(chunks(&sections, &ChunkOptions::DEFAULT));
    });
}
