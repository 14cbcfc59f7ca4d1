(** * Retro: the verified retrograde analysis, in one place.

    Headline theorems (no hypothesis; Print Assumptions: the primitive
    integers and arrays and their specification axioms, see
    tests/Assumptions.v):

    - [check_illegal_sound : check_illegal P n = true -> ~ reachable P]
        no game reaches the problem [P] (every retraction sequence from [P]
        dies within [n] plies: no retraction, or a predecessor failing the
        invariants of Invariants.v, and none is the initial position);
    - [check_last_sound : check_last P ms extra = true ->
         forall h G, game h G -> realizes G P -> exists pre, plies h = pre ++ ms]
        every game reaching [P] ends with the plies [ms] (oldest first,
        written as in Notation.v: [["c2c4"; "b4c3ep"; "b3c3xp"]]), and has
        at least [length ms] plies;
    - [check_last_upto_sound]: the same, but a game may also be shorter
        than [ms], and is then a final segment of [ms];
    - [check_game_sound] (Reachable.v), [check_uci_game_sound]:
        a move list that replays legally from the initial position proves
        [reachable P];
    - [retractions_complete_readable] (Completeness.v) and
        [retractions_sound_rules] (Soundness.v): the retraction generator is
        exactly the readable rules of Rules.v, up to the castling/en-passant
        assertions ([retractions_complete_rules] and [retractions_sound]
        state the same over the table form of RulesFast.v).

    The statements use [game], [realizes], [reachable] (Game.v, over the
    rules of Rules.v) and [plies] (Search.v: each ply written by
    [retraction_to_string], Notation.v).

    The checkers are booleans computed with [vm_compute]: a proof is
    [apply check_illegal_sound; vm_cast_no_check (eq_refl true)], and [Qed]
    pays the computation once.  The files [retroproof] generates write it
    as a function of the lemma ([statement_of], Reachable.v), so that
    [Print Assumptions] of a problem need not walk the proofs below. *)

From Coq Require Import Uint63 List String.
From RetroProof Require Import Board Rules Retract Notation Invariants Completeness.
(** The vocabulary of the statements below (games, [realizes], [plies],
    the checkers) comes with this module. *)
From RetroProof Require Export Reachable Search.
Import ListNotations.
Open Scope list_scope.

Theorem check_illegal_sound : forall P n, check_illegal P n = true -> ~ reachable P.
Proof. exact (check_illegal_sound_from retractions_complete_games). Qed.

Theorem check_last_sound : forall P ms extra, check_last P ms extra = true ->
  forall h G, game h G -> realizes G P -> exists pre, plies h = pre ++ ms.
Proof. exact (check_last_sound_from retractions_complete_games). Qed.

Theorem check_last_upto_sound : forall P ms extra, check_last_upto P ms extra = true ->
  forall h G, game h G -> realizes G P ->
  (exists pre, plies h = pre ++ ms) \/ (exists pre, ms = pre ++ plies h).
Proof. exact (check_last_upto_sound_from retractions_complete_games). Qed.

(** Every game reaching [P] has at least [length ms] plies: a corollary. *)
Corollary check_last_length : forall P ms extra, check_last P ms extra = true ->
  forall h G, game h G -> realizes G P -> List.length ms <= List.length h.
Proof.
  intros P ms extra H h G Hg Hr. destruct (check_last_sound P ms extra H h G Hg Hr) as (pre & E).
  assert (List.length (plies h) = List.length h) by apply map_length.
  rewrite <- H0, E, app_length. apply PeanoNat.Nat.le_add_l.
Qed.

(** One retraction of a game (for the tactics of Tactics.v). *)
Theorem game_retract : forall h G P, game h G -> realizes G P -> wf P = true ->
  (h = [] /\ may_be_initial P = true) \/
  exists h' G0 r Q, h = h' ++ [(G0, rt_move r)] /\ In (r, Q) (retractions P) /\
    game h' G0 /\ realizes G0 Q /\ inv Q = true /\
    ply_string G0 (rt_move r) = retraction_to_string (turn P) r.
Proof. exact (retract_step retractions_complete_games). Qed.

(** A problem some game reaches is not refuted by its invariants. *)
Corollary dead_refutes : forall h G P n, game h G -> realizes G P -> dead n P = true -> False.
Proof.
  intros h G P n Hg Hr Hd. apply (dead_sound retractions_complete_games n P Hd). exists h, G. auto.
Qed.

(** ** Certificates (Cert.v, Certproof.v)

    A dead set [D] (a list of compact positions) closed under retraction
    modulo the default static rule ([default_refuted], Cert.v: the rules
    of the registry [static_rules], proven sound by [default_refutes],
    Certproof.v) is checked once; then:
    - [check_illegal_cert_sound : check_illegal_cert P D = true -> ~ reachable P];
    - [check_last_cert_sound : check_last_cert P ms D = true ->
         forall h G, game h G -> realizes G P -> exists pre, plies h = pre ++ ms];
    - [check_last_among_cert_sound : check_last_among_cert P xs D = true ->
         forall h G, game h G -> realizes G P ->
         exists pre x, In x xs /\ plies h = pre ++ [x]]:
        the last ply is one of [xs] (the answer to "what type of move was
        the last one?" when the move itself is not forced);
    - [check_dead_sound]: no member of a closed [D] is reachable;
    - [dead_set_refutes]: the form the tactic [refute_dead] uses. *)
From RetroProof Require Export Cert.
From RetroProof Require Import Certproof.

Theorem check_illegal_cert_sound : forall P D, check_illegal_cert P D = true -> ~ reachable P.
Proof. exact (check_illegal_cert_gen_sound retractions_complete_games _ default_refutes slot). Qed.

Theorem check_last_cert_sound : forall P ms D, check_last_cert P ms D = true ->
  forall h G, game h G -> realizes G P -> exists pre, plies h = pre ++ ms.
Proof. exact (check_last_cert_gen_sound retractions_complete_games _ default_refutes slot). Qed.

Theorem check_last_among_cert_sound : forall P xs D, check_last_among_cert P xs D = true ->
  forall h G, game h G -> realizes G P -> exists pre x, In x xs /\ plies h = pre ++ [x].
Proof. exact (check_last_among_cert_gen_sound retractions_complete_games _ default_refutes slot). Qed.

Theorem check_dead_sound : forall D, check_dead D = true -> forall c, In c D -> ~ reachable (decode c).
Proof. exact (check_dead_gen_sound retractions_complete_games _ default_refutes slot). Qed.

Corollary dead_set_refutes : forall h G P D, game h G -> realizes G P -> check_illegal_cert P D = true -> False.
Proof. intros h G P D Hg Hr H. apply (check_illegal_cert_sound P D H). exists h, G. auto. Qed.

(** ** Certificates with zone cages (Zone.v, Zoneproof.v)

    A certificate may also carry zone cages [Z] (Hwa's cages): closed sets
    of partial boards on a zone, each checked by [Zone.zone_ok]; then a
    position whose men on a cage's zone form a member is refuted as well
    ([Zoneproof.zone_refutes]).  The checkers [Zone.check_illegal_zcert],
    [Zone.check_last_zcert] and [Zone.check_last_among_zcert] check the
    cages and the dead set [D] with the default static rule and the cages:
    - [check_illegal_zcert_sound : Zone.check_illegal_zcert P Z D = true -> ~ reachable P];
    - [check_last_zcert_sound], [check_last_among_zcert_sound]: as
      [check_last_cert_sound] and [check_last_among_cert_sound]. *)
From RetroProof Require Zone Zoneproof.

Lemma zcert_split : forall (b : bool) (x : bool), (b &&& x) = true -> b = true /\ x = true.
Proof. intros [] x H; [auto | discriminate H]. Qed.

Theorem check_illegal_zcert_sound : forall P Z D, Zone.check_illegal_zcert P Z D = true -> ~ reachable P.
Proof.
  intros P Z D H. apply zcert_split in H as (Hz & H).
  exact (check_illegal_cert_gen_sound retractions_complete_games _ (Zoneproof.zone_refutes Z Hz) slot P D H).
Qed.

Theorem check_last_zcert_sound : forall P ms Z D, Zone.check_last_zcert P ms Z D = true ->
  forall h G, game h G -> realizes G P -> exists pre, plies h = pre ++ ms.
Proof.
  intros P ms Z D H. apply zcert_split in H as (Hz & H).
  exact (check_last_cert_gen_sound retractions_complete_games _ (Zoneproof.zone_refutes Z Hz) slot P ms D H).
Qed.

Theorem check_last_among_zcert_sound : forall P xs Z D, Zone.check_last_among_zcert P xs Z D = true ->
  forall h G, game h G -> realizes G P -> exists pre x, In x xs /\ plies h = pre ++ [x].
Proof.
  intros P xs Z D H. apply zcert_split in H as (Hz & H).
  exact (check_last_among_cert_gen_sound retractions_complete_games _ (Zoneproof.zone_refutes Z Hz) slot P xs D H).
Qed.
