(** * Frozenproof: the frozen-men and region rules of Frozen.v are sound.

    Headline theorems:

    - [frozen_refutes_sound : forall P, frozen_refutes P = true -> ~ reachable P]
      (from [frozen_refutes_game : forall h G P, game h G -> realizes G P ->
       frozen_refutes P = false]);
    - [region_refutes_sound : forall P, region_refutes P = true -> ~ reachable P]
      (from [region_refutes_game]);
    - [frozen_game : forall h G, game h G -> forall X, closed_set (piece_at G) X ->
         forall s, In s all_squares -> X s = true -> piece_at G s = piece_at initial s]:
        a set of squares closed under exits on a game position holds the
        men of the initial position;
    - [king_safe : forall h G, game h G -> ...] no king stands on a square
      that a frozen man of the other side attacks.

    The proof is in two files, which this one exports: FrozenStepproof.v
    (a legal move does not touch a closed set: [frozen_step_keeps],
    [frozen_game], [king_safe], and [frozen_set] is closed) and
    FrozenRegionproof.v (no position of a game has a man in a region it
    cannot have come from: [region_game]; the cuts and the validation of
    Frozen.v hold). *)

From Coq Require Import Uint63 PArray List Bool Arith Lia.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck
  Reachable Invariants Stranded Frozen.
From RetroProof Require Export FrozenStepproof FrozenRegionproof.
Import ListNotations.
Open Scope uint63_scope.

(** [Frozenproof.king_safe] names the theorem of FrozenStepproof.v. *)
Notation king_safe := FrozenStepproof.king_safe (only parsing).

(** ** Positions with a frozen man off its initial square are unreachable *)

(** As in Stranded.v: unfold these first when comparing them with their
    bodies, so that the kernel does not start computing on an unknown
    board. *)
Local Strategy expand [frozen_refutes frozen_men frozen_set].

Theorem frozen_refutes_game : forall h G P, game h G -> realizes G P -> frozen_refutes P = false.
Proof.
  intros h G P Hg (Hb & _).
  destruct (frozen_refutes P) eqn:E; [|reflexivity]. exfalso.
  unfold frozen_refutes, frozen_men in E. apply existsb_exists in E.
  destruct E as (s & Hs & Hd). apply members_spec in Hs. destruct Hs as (Hsq & HF).
  assert (HJG : closed_set (piece_at G) (fun s => (frozen_set (piece_at P)).[s])).
  { apply (closed_transfer (piece_at P)); [apply frozen_set_closed|].
    intros x Hx _. symmetry. apply Hb, Hx. }
  pose proof (frozen_game h G Hg _ HJG s Hsq HF) as Hi.
  unfold differs in Hd. rewrite Hb, Hi in Hd by exact Hsq.
  apply negb_true_iff in Hd. rewrite (proj2 (opiece_eqb_eq _ _) eq_refl) in Hd. discriminate.
Qed.

Corollary frozen_refutes_sound : forall P, frozen_refutes P = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hr). rewrite (frozen_refutes_game h G P Hg Hr) in H. discriminate.
Qed.

(** ** Positions with a man in a region it cannot have come from are unreachable *)

Local Strategy expand [region_refutes region_refutes_at region].

Theorem region_refutes_game : forall h G P, game h G -> realizes G P -> region_refutes P = false.
Proof.
  intros h G P Hg Hr. pose proof (asserted_held G P Hr) as HRG. destruct Hr as (Hb & _).
  destruct (region_refutes P) eqn:E; [|reflexivity]. exfalso.
  unfold region_refutes in E. apply existsb_exists in E. destruct E as (s & Hs & E).
  unfold region_refutes_at in E.
  destruct (piece_at P s) as [[c r]|] eqn:Bs; [|discriminate].
  rewrite capture_frees_eq in E.
  split_lazy. destruct (region _ _ c r s) as [R|]; [|discriminate]. split_lazy.
  set (X := frozen_set (piece_at P)) in *.
  destruct (region_ok_spec X _ c r R ltac:(eassumption)) as (HR & Hlast & Hhome).
  assert (HXG : closed_set (piece_at G) (fun s => X.[s])).
  { apply (closed_transfer (piece_at P)); [apply frozen_set_closed|].
    intros x Hx _. symmetry. apply Hb, Hx. }
  apply (region_game h G Hg _ _ c r _ (asserted P) HXG HRG HR
           (rcuts_ok_ext (piece_at P) Hb (region_cut_ok _ (piece_at P) X c r)) Hlast Hhome s Hs
           ltac:(assumption)).
  rewrite <- Bs. symmetry. apply Hb, Hs.
Qed.

Corollary region_refutes_sound : forall P, region_refutes P = true -> ~ reachable P.
Proof.
  intros P H (h & G & Hg & Hr). rewrite (region_refutes_game h G P Hg Hr) in H. discriminate.
Qed.

