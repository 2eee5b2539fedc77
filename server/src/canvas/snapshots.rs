//! What a project load (`GET /projects/{id}/nodes` and `/edges`) served,
//! kept per project, part and revision (see `project_load`): the JSON and,
//! once asked for, its gzip and brotli (compressed once, not per answer),
//! with a weak `ETag` naming the revision and the JSON's hash. The least
//! recently served leave first, within a byte budget.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use tokio::sync::OnceCell;

/// JSON kept in all (compressed copies add about a fifth): a thousand
/// projects of a thousand nodes.
pub const CACHE_BYTES: usize = 128 * 1024 * 1024;

/// What a project load lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    Nodes,
    Edges,
}

/// The content codings a snapshot is served in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Identity,
    Gzip,
    Brotli,
}

/// One part of a project at one revision.
#[derive(Debug)]
pub struct Snapshot {
    pub revision: i64,
    /// `None` for a project that changed while it was read.
    pub etag: Option<String>,
    json: Bytes,
    /// Made by the first answer that needs it; the others wait for it
    /// rather than compress the same JSON at once.
    gzip: OnceCell<Bytes>,
    brotli: OnceCell<Bytes>,
}

impl Snapshot {
    /// `kept`: read between two changes, so it is that revision's (and has an ETag).
    pub fn new(revision: i64, json: Vec<u8>, kept: bool) -> Snapshot {
        let etag = kept.then(|| {
            let mut hasher = DefaultHasher::new();
            json.hash(&mut hasher);
            format!("W/\"r{revision}-{:016x}\"", hasher.finish())
        });
        Snapshot {
            revision,
            etag,
            json: Bytes::from(json),
            gzip: OnceCell::new(),
            brotli: OnceCell::new(),
        }
    }

    /// The body in `coding`, compressed the first time it is asked for.
    pub async fn body(self: &Arc<Self>, coding: Coding) -> Bytes {
        let cell = match coding {
            Coding::Identity => return self.json.clone(),
            Coding::Gzip => &self.gzip,
            Coding::Brotli => &self.brotli,
        };
        let json = self.json.clone();
        cell.get_or_init(|| async move {
            tokio::task::spawn_blocking(move || compress(&json, coding)).await.unwrap_or_default()
        })
        .await
        .clone()
    }
}

fn compress(json: &[u8], coding: Coding) -> Bytes {
    let mut out = Vec::with_capacity(json.len() / 6);
    match coding {
        Coding::Identity => return Bytes::copy_from_slice(json),
        Coding::Gzip => {
            let mut encoder = flate2::write::GzEncoder::new(&mut out, flate2::Compression::new(6));
            let _ = encoder.write_all(json);
            let _ = encoder.finish();
        }
        Coding::Brotli => {
            // Quality 5: most of brotli's gain at a few milliseconds a megabyte.
            let params =
                brotli::enc::BrotliEncoderParams { quality: 5, lgwin: 22, ..Default::default() };
            let _ = brotli::BrotliCompress(&mut &json[..], &mut out, &params);
        }
    }
    Bytes::from(out)
}

/// The kept snapshots, least recently served leaving first.
#[derive(Debug, Default)]
pub struct Snapshots {
    kept: Mutex<Kept>,
}

#[derive(Debug, Default)]
struct Kept {
    entries: HashMap<(i64, Part), (Arc<Snapshot>, u64)>,
    bytes: usize,
    clock: u64,
}

impl Snapshots {
    /// The snapshot kept for that revision.
    pub fn get(&self, project: i64, part: Part, revision: i64) -> Option<Arc<Snapshot>> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.clock += 1;
        let clock = kept.clock;
        let (snapshot, used) = kept.entries.get_mut(&(project, part))?;
        if snapshot.revision != revision {
            return None;
        }
        *used = clock;
        Some(snapshot.clone())
    }

    pub fn put(&self, project: i64, part: Part, snapshot: Arc<Snapshot>) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.clock += 1;
        let clock = kept.clock;
        let size = snapshot.json.len();
        if let Some((old, _)) = kept.entries.insert((project, part), (snapshot, clock)) {
            kept.bytes -= old.json.len();
        }
        kept.bytes += size;
        while kept.bytes > CACHE_BYTES && kept.entries.len() > 1 {
            let oldest = kept.entries.iter().min_by_key(|(_, (_, used))| *used).map(|(k, _)| *k);
            let Some(key) = oldest else { break };
            if let Some((gone, _)) = kept.entries.remove(&key) {
                kept.bytes -= gone.json.len();
            }
        }
    }

    /// Snapshots kept now (for tests).
    pub fn len(&self) -> usize {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressed_bodies_decode_to_the_json() {
        use std::io::Read;
        let json = serde_json::to_vec(&vec!["دستیار"; 500]).unwrap();
        let gzip = compress(&json, Coding::Gzip);
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gzip[..]).read_to_end(&mut back).unwrap();
        assert_eq!(back, json);
        assert!(gzip.len() < json.len() / 10);
        let brotli = compress(&json, Coding::Brotli);
        let mut back = Vec::new();
        brotli::BrotliDecompress(&mut &brotli[..], &mut back).unwrap();
        assert_eq!(back, json);
    }

    #[test]
    fn the_least_recently_served_leave_first() {
        let snapshots = Snapshots::default();
        let big = || Arc::new(Snapshot::new(1, vec![b' '; CACHE_BYTES / 2 - 10], true));
        snapshots.put(1, Part::Nodes, big());
        snapshots.put(2, Part::Nodes, big());
        assert!(snapshots.get(1, Part::Nodes, 1).is_some());
        snapshots.put(3, Part::Nodes, big());
        assert!(snapshots.get(1, Part::Nodes, 1).is_some(), "served last, so kept");
        assert!(snapshots.get(2, Part::Nodes, 1).is_none(), "the least recently served left");
        assert!(snapshots.get(1, Part::Nodes, 2).is_none(), "another revision is not it");
        assert_eq!(snapshots.len(), 2);
    }
}
