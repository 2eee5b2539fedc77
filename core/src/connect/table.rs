//! The allowed-connection table of spec §5, as data: source kind, then the
//! kinds it may connect to. Everything not listed is refused.

use crate::kind::NodeKind::{self, *};

#[rustfmt::skip]
pub const ALLOWED: &[(NodeKind, &[NodeKind])] = &[
    (Vectorstore,    &[Assistant]),
    (Assistant,      &[Instruction, Function, Telegram, Request, Apidefinition, Iframe, Wordpress, Sms]),
    (Filerepository, &[Vectorstore]),
    (Filedb,         &[Vectorstore, Assistant]),
    (Googledoc,      &[Assistant, Vectorstore]),
    (Googlesheet,    &[Assistant, Vectorstore]),
    (Function,       &[Assistant]),
    (Apidefinition,  &[Request, Assistant]),
    (Request,        &[Assistant]),
    (Scheduler,      &[Request]),
    (Trigger,        &[Assistant]),
    (Analyzer,       &[Telegram, Container]),
    (Container,      &[Analyzer]),
];

/// The kinds `source` may connect to.
pub fn allowed_targets(source: NodeKind) -> &'static [NodeKind] {
    ALLOWED.iter().find(|(s, _)| *s == source).map_or(&[], |(_, targets)| targets)
}

/// The kinds that may connect to `target`, in the order of the kinds' list.
pub fn allowed_sources(target: NodeKind) -> Vec<NodeKind> {
    NodeKind::ALL.into_iter().filter(|&source| is_allowed(source, target)).collect()
}

pub fn is_allowed(source: NodeKind, target: NodeKind) -> bool {
    allowed_targets(source).contains(&target)
}

/// A kind has an output handle when it may be the source of some edge.
pub fn has_output(kind: NodeKind) -> bool {
    !allowed_targets(kind).is_empty()
}

/// A kind has an input handle when some kind may connect to it.
pub fn has_input(kind: NodeKind) -> bool {
    ALLOWED.iter().any(|(_, targets)| targets.contains(&kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_source_appears_once() {
        for kind in NodeKind::ALL {
            assert!(ALLOWED.iter().filter(|(s, _)| *s == kind).count() <= 1, "{kind}");
        }
    }

    #[test]
    fn sources_are_the_table_read_backwards() {
        for target in NodeKind::ALL {
            for source in NodeKind::ALL {
                assert_eq!(
                    allowed_sources(target).contains(&source),
                    allowed_targets(source).contains(&target),
                    "{source} -> {target}"
                );
            }
        }
        assert_eq!(allowed_sources(Vectorstore), [Filedb, Filerepository, Googledoc, Googlesheet]);
        assert_eq!(allowed_sources(Telegram), [Assistant, Analyzer]);
        assert!(allowed_sources(Trigger).is_empty());
    }

    #[test]
    fn end_points_and_starting_points() {
        for end in [Iframe, Sms, Instruction, Telegram, Wordpress, Testframe] {
            assert!(!has_output(end), "{end} must have no output");
        }
        for start in [Trigger, Scheduler, Filerepository, Googledoc, Googlesheet, Filedb, Testframe]
        {
            assert!(!has_input(start), "{start} must have no input");
        }
        assert!(has_output(Container) && has_input(Container));
    }
}
