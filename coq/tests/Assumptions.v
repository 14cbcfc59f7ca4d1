(** * Assumptions of the headline theorems.

    ci/check-assumptions.sh compiles this file and fails if any of these
    theorems depends on anything but Coq's primitive integers and arrays
    (the [Primitive]s of PrimInt63 and PArray) and the specification
    axioms the standard library ships for them, listed by name in the
    script. *)

From RetroProof Require Import Board Movegen Perft Rules RulesFast RulesCheck Retract Soundness
  Reachable Invariants Search Exports Completeness Retro Tactics Stranded Frozen Frozenproof Cert Certproof
  Parityproof PawnCaptures PawnCapturesproof SealedBishops SealedBishopsproof Cage Cageproof
  RegionCount RegionCountproof Zone Zoneproof Crossing Coloursproof Crossingproof Landing Landingproof
  Distance Distanceproof ProofGame ProofGameproof History Historyproof.

Print Assumptions Soundness.retractions_sound.
Print Assumptions Soundness.retractions_turn.
Print Assumptions RulesCheck.legal_move_b_sound.
Print Assumptions RulesCheck.legal_move_b_given_sound.
Print Assumptions RulesCheck.attacked_b_iff.
Print Assumptions RulesCheck.in_check_b_false.
Print Assumptions Reachable.check_game_sound.
Print Assumptions Reachable.check_uci_game_sound.
Print Assumptions Reachable.check_uci_game_exact_sound.
Print Assumptions Game.reachable_exact_reachable.
Print Assumptions Invariants.inv_reachable.
Print Assumptions Search.dead_sound.
Print Assumptions Search.last_ok_sound.
Print Assumptions Invariants.inv_game.
Print Assumptions Search.retract_step.
Print Assumptions Completeness.retractions_complete_rules.
Print Assumptions Completeness.retractions_complete_games.
Print Assumptions Completeness.agrees_realizes.
Print Assumptions Retro.check_illegal_sound.
Print Assumptions Retro.check_last_sound.
Print Assumptions Retro.check_last_upto_sound.
Print Assumptions Retro.game_retract.
Print Assumptions Tactics.unreachable_intro.
Print Assumptions Tactics.in_sort_by_name.
Print Assumptions Stranded.stranded_sound.
Print Assumptions Frozenproof.frozen_refutes_sound.
Print Assumptions Frozenproof.region_refutes_sound.
Print Assumptions Frozenproof.king_safe.
Print Assumptions RulesFast.attacked_iff.
Print Assumptions RulesFast.in_check_iff.
Print Assumptions RulesFast.man_moves_iff.
Print Assumptions RulesFast.pseudo_legal_iff.
Print Assumptions RulesFast.legal_move_iff.
Print Assumptions Soundness.retractions_sound_rules.
Print Assumptions Completeness.retractions_complete_readable.
Print Assumptions Certproof.dead_set_sound.
Print Assumptions Retro.check_illegal_cert_sound.
Print Assumptions Retro.check_last_cert_sound.
Print Assumptions Retro.check_last_among_cert_sound.
Print Assumptions Retro.check_dead_sound.
Print Assumptions Retro.dead_set_refutes.
Print Assumptions Parityproof.parity_refutes_sound.
Print Assumptions PawnCapturesproof.pawn_refutes_sound.
Print Assumptions PawnCapturesproof.entry_refutes_sound.
Print Assumptions Coloursproof.tint_step.
Print Assumptions Crossingproof.crossing_reachable.
Print Assumptions Crossingproof.crossing_refutes_sound.
Print Assumptions Landingproof.landing_reachable.
Print Assumptions Landingproof.landing_refutes_sound.
Print Assumptions SealedBishopsproof.sealed_refutes_sound.
Print Assumptions Cageproof.cage_refutes_sound.
Print Assumptions RegionCountproof.region_count_refutes_sound.
Print Assumptions RegionCountproof.promotion_count_refutes_sound.
Print Assumptions Zoneproof.zpreds_complete.
Print Assumptions Zoneproof.zone_closed_sound.
Print Assumptions Zoneproof.zone_refutes.
Print Assumptions Retro.check_illegal_zcert_sound.
Print Assumptions Retro.check_last_zcert_sound.
Print Assumptions Retro.check_last_among_zcert_sound.
Print Assumptions Distanceproof.bound_game.
Print Assumptions ProofGameproof.only_games_sound.
Print Assumptions ProofGameproof.game_plies_sound.
Print Assumptions ProofGameproof.no_shorter_sound.
Print Assumptions Historyproof.check_history_sound.
Print Assumptions Historyproof.check_census_sound.
Print Assumptions Historyproof.check_files_sound.
