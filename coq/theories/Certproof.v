(** * Certproof: the certificate checkers of Cert.v are sound.

    Each theorem takes completeness of the retraction generator
    ([retractions_complete], Search.v) and soundness of the static rule
    ([refutes refuted]) as arguments; Retro.v discharges both for the
    default rule and states the headline theorems without them.

    - [default_refutes]: the default rule of Cert.v is sound, each rule
      of [static_rules] by its lemma in [static_rules_sound];
    - [dead_set_sound]: the members of a closed set are unreachable;
    - [covered_sound]: so is every position realizing a member;
    - [check_illegal_cert_gen_sound], [check_last_cert_gen_sound],
      [check_last_among_cert_gen_sound]: the checkers, as in Retro.v.

    The proof is an induction over games: a game reaching a member [M]
    of a closed set is not empty ([M] is not the initial position), and
    its last ply is a retraction of [M] (completeness), whose predecessor,
    realized by the game before that ply, is refuted -- impossible -- or
    realizes a member: the shorter game reaches a member.

    Only the interfaces are used: [game], [reachable] and [realizes]
    (Reachable.v; [realizes_trans] below is the one proof that opens
    [realizes]), [realizes_b_sound], and Search.v's [retractions_complete],
    [retract_step], [alive_game], [plies_app]: nothing about the rules or
    the constructors of [game]. *)

From Coq Require Import Uint63 List Bool String PArith FMapPositive.
From RetroProof Require Import Board Retract Notation Reachable Search Cert Facts.
(* The rules' proofs are not imported: their names ([closed], …) would
   shadow Cert's. *)
From RetroProof Require Invariants Stranded SealedBishopsproof Frozenproof RegionCountproof
  Cageproof PawnCapturesproof Crossingproof Landingproof Parityproof.
Import ListNotations.
Open Scope list_scope.

(** The static rule [refuted] is sound. *)
Definition refutes (refuted : position -> bool) : Prop :=
  forall P, refuted P = true -> ~ reachable P.

(** ** The static rules

    Each rule of [static_rules] (Cert.v) is sound, by the lemma at the same
    place in [static_rules_sound]; then so is [refuted_by] over them, the
    default rule ([default_refutes]), once for all rules: the rules'
    computations are never unfolded, so the kernel has nothing to
    evaluate. *)

Definition rule_sound (r : static_rule) : Prop := refutes (rule_refutes r).

(** The invariants (Invariants.v) hold all game long. *)
Lemma invariants_sound : forall P, negb (Invariants.inv P) = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hr).
  rewrite (Invariants.inv_realizes G P Hr (Invariants.inv_game h G Hg)) in H. discriminate H.
Qed.

(** No game strands a man (Stranded.v). *)
Lemma stranded_sound : forall P, Stranded.stranded P = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hr). rewrite (Stranded.stranded_game h G P Hg Hr) in H. discriminate H.
Qed.

(** The soundness of a list of rules, one proof per rule, in order:
    [sound_cons p ps] with [p : rule_sound r] and [ps] for the rest;
    [sound [p1; ...; pn]] for short.  The [&] has the expected type read
    first, so that each [pi] is checked against its rule [ri]. *)
Definition sound_cons {r rs} : rule_sound r -> Forall rule_sound rs -> Forall rule_sound (r :: rs) :=
  @Forall_cons _ rule_sound r rs.
Arguments sound_cons {r rs} & _ _.
Definition sound_nil : Forall rule_sound [] := Forall_nil rule_sound.

(* Local: [sound] stays an identifier for the files that import this one. *)
Local Notation "'sound' [ p ; .. ; q ]" := (sound_cons p .. (sound_cons q sound_nil) ..)
  (at level 0, p at level 200, q at level 200).

Definition static_rules_sound : Forall rule_sound static_rules := sound [
  invariants_sound;
  stranded_sound;
  SealedBishopsproof.sealed_refutes_sound;
  Frozenproof.frozen_refutes_sound;
  Frozenproof.region_refutes_sound;
  RegionCountproof.region_count_refutes_sound;
  RegionCountproof.promotion_count_refutes_sound;
  Cageproof.cage_refutes_sound;
  PawnCapturesproof.pawn_refutes_sound;
  Crossingproof.crossing_refutes_sound;
  PawnCapturesproof.entry_refutes_sound;
  Landingproof.landing_refutes_sound;
  Parityproof.parity_refutes_sound
].

Lemma refuted_by_sound : forall rs, Forall rule_sound rs -> refutes (refuted_by rs).
Proof.
  induction 1 as [|r rs Hr _ IH]; intros P H; [discriminate H|].
  cbn [refuted_by] in H. apply lazy_or_true in H as [H|H]; [exact (Hr P H) | exact (IH P H)].
Qed.

(** The default rule of Cert.v is sound. *)
Lemma default_refutes : refutes default_refuted.
Proof. exact (refuted_by_sound static_rules static_rules_sound). Qed.

(** ** Facts about realization and the lazy connectives *)

Lemma realizes_trans : forall G Q M, realizes G Q -> realizes Q M -> realizes G M.
Proof.
  intros G Q M (Hb1 & Ht1 & Hc1 & He1) (Hb2 & Ht2 & Hc2 & He2).
  split; [|split; [|split]].
  - intros s Hs. rewrite (Hb2 s Hs). apply Hb1, Hs.
  - congruence.
  - intros c side H. apply Hc1, Hc2, H.
  - intros e H. apply He1, He2, H.
Qed.

(** ** The table *)

Definition table_ok (Ms : list position) (T : table) : Prop :=
  forall k M, In M (bucket T k) -> In M Ms.

Lemma bucket_add_at : forall T k M j M', In M' (bucket (add_at T k M) j) ->
  M' = M \/ In M' (bucket T j).
Proof.
  intros T k M j M' Hin. unfold add_at, bucket in Hin |- *.
  destruct (Pos.eq_dec j k) as [->|Hne].
  - rewrite PositiveMap.gss in Hin. destruct Hin as [<-|Hin]; [left; reflexivity | right; exact Hin].
  - rewrite PositiveMap.gso in Hin by exact Hne. right; exact Hin.
Qed.

Lemma build_ok : forall key Ms, table_ok Ms (build key Ms).
Proof.
  intros key Ms. unfold build.
  assert (H : forall L T, (forall M, In M L -> In M Ms) -> table_ok Ms T ->
            table_ok Ms (fold_left (fun T M => add_at T (key M) M) L T)).
  { induction L as [|M L IH]; intros T HL HT; [exact HT|].
    cbn [fold_left]. apply IH; [intros; apply HL; right; assumption|].
    intros k M' Hin. destruct (bucket_add_at T (key M) M k M' Hin) as [->|H'].
    - apply HL. left. reflexivity.
    - exact (HT k M' H'). }
  apply H; [auto|]. intros k M Hin. unfold bucket in Hin.
  rewrite PositiveMap.gempty in Hin. destruct Hin.
Qed.

Lemma mem_sound : forall key Ms T Q, table_ok Ms T -> mem key T Q = true ->
  exists M, In M Ms /\ realizes Q M.
Proof.
  intros key Ms T Q HT H. unfold mem in H. apply existsb_exists in H. destruct H as (M & Hin & HM).
  exists M. split; [exact (HT _ _ Hin) | apply realizes_b_sound, HM].
Qed.

(** ** Closed sets *)

Section Closed.

(** The completeness of the generator, the static rule and its
    soundness, the slot function, and the dead set with its table. *)
Context (Hc : retractions_complete) (refuted : position -> bool) (Href : refutes refuted)
  (key : position -> positive) (Ms : list position) (T : table) (HT : table_ok Ms T)
  (Hclosed : forallb (closed_at refuted key T) Ms = true).

(** By induction on the length of the game, through [retract_step]
    (Search.v) only. *)
Lemma closed_members_upto : forall n h G, List.length h <= n -> game h G ->
  forall M, In M Ms -> realizes G M -> False.
Proof.
  induction n as [|n IH]; intros h G Hlen Hg M HM Hr;
    rewrite forallb_forall in Hclosed; pose proof (Hclosed M HM) as Hcl;
    unfold closed_at in Hcl; apply lazy_or_true, or_comm in Hcl;
    (destruct Hcl as [ER|Hcl]; [apply (Href M ER); exists h, G; auto|]);
    apply lazy_and_true in Hcl; destruct Hcl as (Hcl & Hall);
    apply lazy_and_true in Hcl; destruct Hcl as (Hw & Hini);
    (destruct (retract_step Hc h G M Hg Hr Hw)
      as [[_ Hini']|(h' & G0 & r & Q & -> & Hin & Hg' & HrQ & _)];
     [rewrite Hini' in Hini; discriminate Hini|]);
    rewrite app_length in Hlen; cbn [List.length] in Hlen.
  - exfalso. rewrite PeanoNat.Nat.add_1_r in Hlen. inversion Hlen.
  - rewrite forallb_forall in Hall. specialize (Hall _ Hin). cbn [snd] in Hall.
    unfold covered in Hall. apply lazy_or_true in Hall. destruct Hall as [Hq|Hq].
    + destruct (mem_sound key Ms T Q HT Hq) as (M' & HM' & HQM').
      refine (IH h' G0 _ Hg' M' HM' (realizes_trans G0 Q M' HrQ HQM')).
      rewrite PeanoNat.Nat.add_1_r in Hlen. apply le_S_n, Hlen.
    + apply (Href Q Hq). exists h', G0. auto.
Qed.

Lemma closed_members : forall h G, game h G -> forall M, In M Ms -> realizes G M -> False.
Proof. intros h G. exact (closed_members_upto (List.length h) h G (le_n _)). Qed.

Theorem covered_sound : forall Q, covered refuted key T Q = true -> ~ reachable Q.
Proof.
  intros Q H (h & G & Hg & Hr). unfold covered in H. apply lazy_or_true in H.
  destruct H as [H|H].
  - destruct (mem_sound key Ms T Q HT H) as (M & HM & HQM).
    exact (closed_members h G Hg M HM (realizes_trans G Q M Hr HQM)).
  - apply (Href Q H). exists h, G. auto.
Qed.

Theorem last_cert_ok_sound : forall ns P, last_cert_ok refuted key T ns P = true ->
  forall h G, game h G -> realizes G P -> exists pre, plies h = pre ++ rev ns.
Proof.
  induction ns as [|x ns IH]; intros P H h G Hg Hr.
  - exists (plies h). rewrite app_nil_r. reflexivity.
  - cbn [last_cert_ok] in H. apply lazy_or_true, or_comm in H.
    destruct H as [ER|H]; [exfalso; apply (Href P ER); exists h, G; auto|].
    apply lazy_and_true in H; destruct H as (H & Hall).
    apply lazy_and_true in H; destruct H as (Hw & Hini).
    destruct (retract_step Hc h G P Hg Hr Hw)
      as [[_ Hini']|(h' & G0 & r & Q & -> & Hin & Hg' & HrQ & _ & Hname)].
    + rewrite Hini' in Hini. discriminate Hini.
    + rewrite forallb_forall in Hall. specialize (Hall _ Hin). cbn [fst snd] in Hall.
      destruct (String.eqb (retraction_to_string (turn P) r) x) eqn:Ex.
      * apply String.eqb_eq in Ex.
        destruct (IH Q Hall h' G0 Hg' HrQ) as (pre & Epre).
        exists pre. rewrite plies_app. change (plies [(G0, rt_move r)]) with [ply_string G0 (rt_move r)].
        rewrite Hname, Ex, Epre, <- app_assoc. reflexivity.
      * exfalso. apply (covered_sound Q Hall). exists h', G0. auto.
Qed.

Theorem last_among_ok_sound : forall xs P, last_among_ok refuted key T xs P = true ->
  forall h G, game h G -> realizes G P -> exists pre x, In x xs /\ plies h = pre ++ [x].
Proof.
  intros xs P H h G Hg Hr. unfold last_among_ok in H. apply lazy_or_true, or_comm in H.
  destruct H as [ER|H]; [exfalso; apply (Href P ER); exists h, G; auto|].
  apply lazy_and_true in H; destruct H as (H & Hall).
  apply lazy_and_true in H; destruct H as (Hw & Hini).
  destruct (retract_step Hc h G P Hg Hr Hw)
    as [[_ Hini']|(h' & G0 & r & Q & -> & Hin & Hg' & HrQ & _ & Hname)].
  - rewrite Hini' in Hini. discriminate Hini.
  - rewrite forallb_forall in Hall. specialize (Hall _ Hin). cbn [fst snd] in Hall.
    apply lazy_or_true in Hall. destruct Hall as [Hx|Hcov].
    + apply existsb_exists in Hx. destruct Hx as (x & Hx & Ex). apply String.eqb_eq in Ex.
      exists (plies h'), x. split; [exact Hx|].
      rewrite plies_app. change (plies [(G0, rt_move r)]) with [ply_string G0 (rt_move r)].
      rewrite Hname, Ex. reflexivity.
    + exfalso. apply (covered_sound Q Hcov). exists h', G0. auto.
Qed.

End Closed.

(** ** The checkers, for any static rule and slot function *)

Theorem dead_set_sound : retractions_complete -> forall refuted, refutes refuted ->
  forall key Ms, closed refuted key Ms = true -> forall M, In M Ms -> ~ reachable M.
Proof.
  intros Hc refuted Href key Ms H M HM (h & G & Hg & Hr).
  exact (closed_members Hc refuted Href key Ms (build key Ms) (build_ok key Ms) H h G Hg M HM Hr).
Qed.

Theorem check_dead_gen_sound : retractions_complete -> forall refuted, refutes refuted ->
  forall key D, check_dead_gen refuted key D = true -> forall c, In c D -> ~ reachable (decode c).
Proof.
  intros Hc refuted Href key D H c Hin. apply (dead_set_sound Hc refuted Href key (map decode D) H).
  apply in_map, Hin.
Qed.

Theorem check_illegal_cert_gen_sound : retractions_complete -> forall refuted, refutes refuted ->
  forall key P D, check_illegal_cert_gen refuted key P D = true -> ~ reachable P.
Proof.
  intros Hc refuted Href key P D H. unfold check_illegal_cert_gen in H.
  apply lazy_and_true in H. destruct H as (Hp & Hcl).
  exact (covered_sound Hc refuted Href key _ _ (build_ok key (map decode D)) Hcl P Hp).
Qed.

Theorem check_last_cert_gen_sound : retractions_complete -> forall refuted, refutes refuted ->
  forall key P ms D, check_last_cert_gen refuted key P ms D = true ->
  forall h G, game h G -> realizes G P -> exists pre, plies h = pre ++ ms.
Proof.
  intros Hc refuted Href key P ms D H h G Hg Hr. unfold check_last_cert_gen in H.
  apply lazy_and_true in H. destruct H as (Hcl & Hl).
  destruct (last_cert_ok_sound Hc refuted Href key _ _ (build_ok key (map decode D)) Hcl (rev ms) P Hl h G Hg Hr)
    as (pre & E).
  rewrite rev_involutive in E. eauto.
Qed.

Theorem check_last_among_cert_gen_sound : retractions_complete -> forall refuted, refutes refuted ->
  forall key P xs D, check_last_among_cert_gen refuted key P xs D = true ->
  forall h G, game h G -> realizes G P -> exists pre x, In x xs /\ plies h = pre ++ [x].
Proof.
  intros Hc refuted Href key P xs D H. unfold check_last_among_cert_gen in H.
  apply lazy_and_true in H. destruct H as (Hcl & Hl).
  exact (last_among_ok_sound Hc refuted Href key _ _ (build_ok key (map decode D)) Hcl xs P Hl).
Qed.
