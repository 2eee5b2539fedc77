//! Reciprocal rank fusion: several rankings of the same chunks made one, by
//! rank alone (BM25's scores and cosines are on scales that do not compare).
//! A chunk's score is the sum over rankings of 1 / (K + its rank there).

use std::collections::HashMap;

/// Damps the difference between the very first places; 60 is the value of
/// the method's paper (Cormack et al., 2009) and what search engines use.
pub const K: f64 = 60.0;

/// The `limit` best chunks of the rankings (each best first), best first:
/// (chunk id, fused score). Ties go to the smaller id, so the order is stable.
pub fn reciprocal_rank(rankings: &[&[(i64, f64)]], limit: usize) -> Vec<(i64, f64)> {
    let mut scores: HashMap<i64, f64> = HashMap::new();
    for ranking in rankings {
        for (rank, (id, _)) in ranking.iter().enumerate() {
            *scores.entry(*id).or_default() += 1.0 / (K + rank as f64 + 1.0);
        }
    }
    let mut fused: Vec<(i64, f64)> = scores.into_iter().collect();
    fused.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    fused.truncate(limit);
    fused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(fused: &[(i64, f64)]) -> Vec<i64> {
        fused.iter().map(|(id, _)| *id).collect()
    }

    #[test]
    fn a_chunk_both_rankings_place_well_beats_one_only_one_places_first() {
        let lexical = [(1, 9.0), (2, 8.0), (3, 7.0)];
        let vectors = [(4, 0.9), (2, 0.8), (5, 0.1)];
        let fused = reciprocal_rank(&[&lexical, &vectors], 4);
        assert_eq!(ids(&fused), vec![2, 1, 4, 3]);
    }

    #[test]
    fn one_ranking_keeps_its_order_and_the_limit_holds() {
        let lexical = [(5, 3.0), (3, 2.0), (9, 1.0)];
        assert_eq!(ids(&reciprocal_rank(&[&lexical, &[]], 2)), vec![5, 3]);
        assert!(reciprocal_rank(&[&[], &[]], 5).is_empty());
    }

    #[test]
    fn only_ranks_count_not_the_scales_of_scores() {
        let small = [(1, 0.002), (2, 0.001)];
        let large = [(2, 900.0), (1, 800.0)];
        let fused = reciprocal_rank(&[&small, &large], 2);
        assert_eq!(fused[0].1, fused[1].1);
        assert_eq!(ids(&fused), vec![1, 2], "a tie goes to the smaller id");
    }
}
