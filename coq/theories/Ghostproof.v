(** * Ghostproof: the ghost of pawn-capture counting, and why every move
    keeps one (part of the proof of PawnCapturesproof.v).

    Headline theorems:

    - [ghost_step_kept]: a legal move from a position with a ghost for a
      side leads to one with a ghost for that side, given how the move
      changes the dead men [Dm], the region-promoted men [Rx] and the
      entries [Pk] (DeadMenproof.v and PromotedMenproof.v show it for
      the sets the rules compute), and says how the capture-free men
      ([zkept]) and the men ([gchange]) change (Coloursproof.v and
      Crossingproof.v follow them);
    - [ghost_initial]: the initial position has one;
    - [ghost_ext]: a ghost depends only on the board's 64 squares.

    ** The invariant: a ghost assignment

    [ghost b c L T Z] says that the board [b] admits, for the colour [c], a
    bookkeeping of where its pawns came from (nothing in the position
    records it; it is a "ghost" of the game):

    - [L] lists [c]'s pawns on the board, each once, with a slot (its
      starting file) [g];
    - [T] lists promotion tokens [(x, g)]: a pawn from slot [g] promoted
      after reaching [c]'s seventh rank on file [x]; no opponent pawn now
      stands on that seventh-rank square ([tok_open]);
    - all the slots of [L] and [T] are distinct files;
    - [T] has at least as many tokens as [c] has men beyond its initial
      set ([excess], the [promoted_men] of Material.v), and at least
      [Rx b] ([region_excess] of RegionCount.v on sets closed all game:
      the men there beyond the initial position's, [region_excess_step]);
    - [Z] lists the slots whose man has made no capture ([zin]): such a
      pawn stands on its slot's file, such a token promoted there
      ([gh_zl], [gh_zt]);
    - the cost [zcost L T Z] plus the other side's men plus [Dm b] is at
      most 16, where [Dm b] counts men of the other side no pawn of [c]
      took (the dead men of PawnCaptures.v: [caged] men of the initial
      position missing from their cages; 0 for the plain count).  A man's
      cost ([zc]) is 0 if its slot is in [Z], 2 if it stands (or promoted)
      on its slot's file after a capture, [|file - g|] otherwise: at least
      [|file - g|] in all cases ([zcost_ge]), so the plain count
      [sum |file - g|] over [L] and [T] follows ([gh_plain]).  [Z] is
      what the crossing rule needs (Crossingproof.v: capture-free pawns
      of one file keep their order);
    - each pawn's cost [zc] is at most the ranks it has gone up from its
      second rank ([gh_reach], [advance] of PawnCaptures.v): every pawn
      move goes up a rank or two, a capture exactly one
      ([pawn_advance]).  The crossing rule uses it too;
    - promotion entries ([gh_entries], [entries]): tokens known to have
      promoted to a man of role [r] on a square [s] from an admissible
      entry ([Ad r x s]: [entry_ok] of PawnCaptures.v), at least [Pk r b]
      of each role, on distinct slots, the capture of each diagonal
      landing counted with the cost ([wextra]).  [ghost_entries_refute]
      bounds the programme of [entries_refute_with] by them, and
      [entry_refutes_sound] is the headline theorem.

    The initial position has one (every pawn on its own file, no token,
    16 men each, every slot in [Z]).  A game step keeps one ([ghost_step]):

    - a push keeps the pawn's file; a capture by a pawn (en passant too)
      moves it one file, adding 1 to the cost ([zc_step]: 2 when it comes
      back to its slot's file), takes its slot out of [Z] ([zmove]), and
      removes an enemy man;
      a capture by another man only removes an enemy man;
    - a promotion turns the pawn's entry into a token for the file it
      promoted from, which held the pawn, so no enemy pawn stands there;
      the mover's men beyond the initial set grow by at most one;
    - a captured pawn of [c] loses its entry; a captured man of [c] can
      only lower [c]'s excess;
    - enemy pawns never arrive on their own second rank, so open files
      stay open; nothing else changes.

    The initial position has one (every pawn on its own file, no token,
    16 men each, every slot in [Z]).  A game step keeps one ([ghost_step]):

    - a push keeps the pawn's file; a capture by a pawn (en passant too)
      moves it one file, adding 1 to the cost ([zc_step]: 2 when it comes
      back to its slot's file), takes its slot out of [Z] ([zmove]), and
      removes an enemy man;
      a capture by another man only removes an enemy man;
    - a promotion turns the pawn's entry into a token for the file it
      promoted from, which held the pawn, so no enemy pawn stands there;
      the mover's men beyond the initial set grow by at most one;
    - a captured pawn of [c] loses its entry; a captured man of [c] can
      only lower [c]'s excess;
    - enemy pawns never arrive on their own second rank, so open files
      stay open; nothing else changes.

    The parameters [Dm Rx Pk Ad] of the ghost are implicit in the lemmas
    (they are read off the ghost given), and so are all the arguments of
    its fields: [gh_pawns G s Hs] for [G : ghost Dm Rx Pk Ad b c L T Z]. *)

From Coq Require Import Uint63 PArray List Bool Arith Lia Permutation.
From RetroProof Require Import Gen.Vocab Board Rules Material RulesFast Facts Sums RulesCheck
  Game Reachable Invariants PawnCaptures MinCapturesproof PawnMovesproof.
Import ListNotations.
Open Scope nat_scope.

(** ** The ghost invariant *)

(** The initial position's ghost: every pawn on its own file. *)
Definition initial_ghost (c : color) : list (int * nat) :=
  match c with
  | White => [(8%uint63, 0); (9%uint63, 1); (10%uint63, 2); (11%uint63, 3);
              (12%uint63, 4); (13%uint63, 5); (14%uint63, 6); (15%uint63, 7)]
  | Black => [(48%uint63, 0); (49%uint63, 1); (50%uint63, 2); (51%uint63, 3);
              (52%uint63, 4); (53%uint63, 5); (54%uint63, 6); (55%uint63, 7)]
  end.

(** No opponent pawn on the square of [c]'s seventh rank on file [x]. *)
Definition tok_open (b : board_fn) (c : color) (x : nat) : Prop :=
  forall s, In s all_squares -> fnat s = x -> (relative_rank c s =? 6)%uint63 = true ->
    b s <> Some (MkPiece (opp c) Pawn).

(** The files between the pawns of [L] and their slots. *)
Definition lcost (L : list (int * nat)) : nat := wsum (fun sg => absd (fnat (fst sg)) (snd sg)) L.

(** The captures a man of slot [g] on file [f] has made at least, knowing
    whether it made none ([z]): none, or one per file changed, and two
    when it is back on its slot's file (a capture changes the file by
    one). *)
Definition zc (f g : nat) (z : bool) : nat :=
  if z then 0 else if Nat.eqb f g then 2 else absd f g.

Definition zin (g : nat) (Z : list nat) : bool := existsb (Nat.eqb g) Z.

(** The captures of the pawns [L] and of the tokens [T]. *)
Definition zlc (Z : list nat) (L : list (int * nat)) : nat :=
  wsum (fun sg => zc (fnat (fst sg)) (snd sg) (zin (snd sg) Z)) L.

Definition ztc (Z : list nat) (T : list (nat * nat)) : nat :=
  wsum (fun xg => zc (fst xg) (snd xg) (zin (snd xg) Z)) T.

Definition zcost (L : list (int * nat)) (T : list (nat * nat)) (Z : list nat) : nat := zlc Z L + ztc Z T.

Lemma zcost_split : forall L T Z, zcost L T Z = zlc Z L + ztc Z T.
Proof. reflexivity. Qed.

Lemma zlc_app : forall Z L1 L2, zlc Z (L1 ++ L2) = zlc Z L1 + zlc Z L2.
Proof. intros. apply wsum_app. Qed.

Lemma zlc_mid : forall Z L1 x L2,
  zlc Z (L1 ++ x :: L2) = zlc Z L1 + zc (fnat (fst x)) (snd x) (zin (snd x) Z) + zlc Z L2.
Proof. intros Z L1 x L2. unfold zlc. rewrite wsum_mid, wsum_app. lia. Qed.

(** Promotion entries [(x, g, s, r)]: the token [(x, g)] promoted to a
    man of role [r] on [s]. *)
Definition entry4 : Type := (nat * nat * int * role)%type.

Definition wslot (w : entry4) : nat := let '(_, g, _, _) := w in g.

(** The capture of a diagonal promotion. *)
Definition wdiag (w : entry4) : nat := let '(x, _, s, _) := w in if Nat.eqb x (fnat s) then 0 else 1.

Definition wextra (W : list entry4) : nat := wsum wdiag W.

Definition wcount (r : role) (W : list entry4) : nat :=
  length (filter (fun w => let '(_, _, _, r') := w in role_eqb r' r) W).

(** The promotions of [T] known to have come in by an admissible entry:
    for each role at least [Pk r b], each on its own slot, and the
    capture of each diagonal one counted against the other side's men. *)
Definition entries (Dm : board_fn -> nat) (Pk : role -> board_fn -> nat) (Ad : role -> nat -> int -> bool)
    (b : board_fn) (c : color) (L : list (int * nat)) (T : list (nat * nat)) (Z : list nat) : Prop :=
  exists W : list entry4,
    (forall x g s r, In (x, g, s, r) W -> In (x, g) T /\ Ad r x s = true) /\
    NoDup (map wslot W) /\
    (forall r, Pk r b <= wcount r W) /\
    zcost L T Z + wextra W + cnt b (opp c) TMan + Dm b <= 16.

(** The ghost of [c] on [b]: its pawns [L], tokens [T], capture-free slots
    [Z] (the file's doc says what each field holds).  Its parameters are
    what a game tells about the board: [Dm b], the other side's men known
    not to have been taken by a pawn of [c] ([dead] of PawnCaptures.v,
    DeadMenproof.v; 0 for the plain rule); [Rx b], [c]'s men known to be promoted pawns by
    the regions of their kind ([region_excess], PromotedMenproof.v);
    [Pk r b], [c]'s men of role [r] known to be promoted pawns that came
    in by an admissible entry ([region_excess] on the [homeless] sets of
    PawnCaptures.v); [Ad r x s], a pawn reaching its seventh rank on file
    [x] may have promoted to a man of role [r] on [s] ([entry_ok]). *)
Record ghost (Dm Rx : board_fn -> nat) (Pk : role -> board_fn -> nat) (Ad : role -> nat -> int -> bool)
    (b : board_fn) (c : color) (L : list (int * nat)) (T : list (nat * nat)) (Z : list nat)
  : Prop := {
  gh_pawns : forall s, In s all_squares -> (b s = Some (MkPiece c Pawn) <-> In s (map fst L));
  gh_sq : incl (map fst L) all_squares;
  gh_nd : NoDup (map fst L);
  gh_slots : NoDup (map snd L ++ map snd T);
  gh_small : forall g, In g (map snd L ++ map snd T) -> g < 8;
  gh_tok : forall x g, In (x, g) T -> x < 8 /\ tok_open b c x;
  gh_excess : excess b c <= length T;
  gh_region : Rx b <= length T;
  gh_zl : forall s g, In (s, g) L -> In g Z -> fnat s = g;
  gh_zt : forall x g, In (x, g) T -> In g Z -> x = g;
  gh_cost : zcost L T Z + cnt b (opp c) TMan + Dm b <= 16;
  gh_reach : forall s g, In (s, g) L -> zc (fnat s) g (zin g Z) <= advance c s;
  gh_entries : entries Dm Pk Ad b c L T Z
}.

(** The fields of a ghost [G] are read [gh_pawns G s Hs], ...: their
    parameters are the ghost's. *)
Arguments gh_pawns {Dm Rx Pk Ad b c L T Z}.
Arguments gh_sq {Dm Rx Pk Ad b c L T Z}.
Arguments gh_nd {Dm Rx Pk Ad b c L T Z}.
Arguments gh_slots {Dm Rx Pk Ad b c L T Z}.
Arguments gh_small {Dm Rx Pk Ad b c L T Z}.
Arguments gh_tok {Dm Rx Pk Ad b c L T Z}.
Arguments gh_excess {Dm Rx Pk Ad b c L T Z}.
Arguments gh_region {Dm Rx Pk Ad b c L T Z}.
Arguments gh_zl {Dm Rx Pk Ad b c L T Z}.
Arguments gh_zt {Dm Rx Pk Ad b c L T Z}.
Arguments gh_cost {Dm Rx Pk Ad b c L T Z}.
Arguments gh_reach {Dm Rx Pk Ad b c L T Z}.
Arguments gh_entries {Dm Rx Pk Ad b c L T Z}.

Definition ghostly Dm Rx Pk Ad (b : board_fn) (c : color) : Prop := exists L T Z, ghost Dm Rx Pk Ad b c L T Z.

Section Ghost.

Context {Dm Rx : board_fn -> nat} {Pk : role -> board_fn -> nat} {Ad : role -> nat -> int -> bool}.

Local Notation ghost := (ghost Dm Rx Pk Ad).
Local Notation ghostly := (ghostly Dm Rx Pk Ad).

Lemma zin_iff : forall g Z, zin g Z = true <-> In g Z.
Proof.
  intros g Z. unfold zin. rewrite existsb_exists. split.
  - intros (h & Hh & E). apply Nat.eqb_eq in E. subst. exact Hh.
  - intros H. exists g. split; [exact H|apply Nat.eqb_refl].
Qed.

Lemma zc_absd : forall f g z, (z = true -> f = g) -> absd f g <= zc f g z.
Proof.
  intros f g [|] H; unfold zc, absd.
  - rewrite (H eq_refl). lia.
  - destruct (Nat.eqb_spec f g); lia.
Qed.

(** Knowing which men made no capture only raises the plain count. *)
Lemma zcost_ge : forall L T Z, (forall s g, In (s, g) L -> In g Z -> fnat s = g) ->
  (forall x g, In (x, g) T -> In g Z -> x = g) -> lcost L + pcost T <= zcost L T Z.
Proof.
  intros L T Z HL HT. apply Nat.add_le_mono; apply wsum_le; intros [a g] Hin; apply zc_absd;
    intros E; apply zin_iff in E; [exact (HL a g Hin E)|exact (HT a g Hin E)].
Qed.

Lemma gh_plain : forall b c L T Z, ghost b c L T Z -> lcost L + pcost T + cnt b (opp c) TMan + Dm b <= 16.
Proof.
  intros b c L T Z G. pose proof (zcost_ge L T Z (gh_zl G) (gh_zt G)).
  pose proof (gh_cost G). lia.
Qed.


Lemma blocked_unfold : forall b c, blocked_files b c =
  map fnat (filter (fun s => if (relative_rank c s =? 6)%uint63
                             then opiece_eqb (b s) (Some (MkPiece (opp c) Pawn)) else false) all_squares).
Proof. intros b c. reflexivity. Qed.

Lemma open_file : forall b c x, tok_open b c x -> file_open (blocked_files b c) x = true.
Proof.
  intros b c x Ho. unfold file_open. apply negb_true_iff, not_true_iff_false. intros E.
  apply existsb_exists in E. destruct E as (y & Hy & Exy). apply Nat.eqb_eq in Exy.
  rewrite blocked_unfold in Hy. apply in_map_iff in Hy. destruct Hy as (s & Hs & Hin).
  apply filter_In in Hin. destruct Hin as [Hin Hf].
  assert (Er : (relative_rank c s =? 6)%uint63 = true).
  { destruct (relative_rank c s =? 6)%uint63; [reflexivity|discriminate]. }
  rewrite Er in Hf. apply opiece_eqb_eq in Hf. rewrite <- Exy in Hs. exact (Ho s Hin Hs Er Hf).
Qed.

Lemma pawns_perm : forall b c L T Z, ghost b c L T Z ->
  Permutation (map fst L) (filter (fun s => opiece_eqb (b s) (Some (MkPiece c Pawn))) all_squares).
Proof.
  intros b c L T Z G. apply NoDup_Permutation.
  - apply (gh_nd G).
  - apply NoDup_filter, all_squares_NoDup.
  - intros s. rewrite filter_In, opiece_eqb_eq. split.
    + intros H. assert (Hs : In s all_squares) by (apply (gh_sq G); exact H).
      split; [exact Hs|]. apply (gh_pawns G); assumption.
    + intros [Hs Hp]. apply (gh_pawns G); assumption.
Qed.


(** ** Updating a ghost *)

Definition no_new_enemy_pawn (b b' : board_fn) (c : color) : Prop :=
  forall s, In s all_squares -> (relative_rank c s =? 6)%uint63 = true ->
    b' s = Some (MkPiece (opp c) Pawn) -> b s = Some (MkPiece (opp c) Pawn).

Lemma tok_open_transfer : forall b b' c x, tok_open b c x -> no_new_enemy_pawn b b' c -> tok_open b' c x.
Proof. intros b b' c x Ho Hn s Hs Hx Hr E. apply (Ho s Hs Hx Hr), Hn; assumption. Qed.

(** The entry of a pawn of the ghost. *)
Lemma ghost_split : forall b c L T Z x, ghost b c L T Z -> In x all_squares -> b x = Some (MkPiece c Pawn) ->
  exists L1 g L2, L = L1 ++ (x, g) :: L2 /\ ~ In x (map fst (L1 ++ L2)) /\ NoDup (map fst (L1 ++ L2)).
Proof.
  intros b c L T Z x G Hx Hb. apply (gh_pawns G) in Hb; [|exact Hx].
  apply in_map_iff in Hb. destruct Hb as ([x' g] & E & Hin). simpl in E. subst x'.
  apply in_split in Hin. destruct Hin as (L1 & L2 & ->). exists L1, g, L2. split; [reflexivity|].
  pose proof (gh_nd G) as Hnd. rewrite map_app in Hnd |- *. simpl in Hnd.
  split; [apply NoDup_remove_2; exact Hnd | apply NoDup_remove_1 in Hnd; exact Hnd].
Qed.

Lemma zin_drop : forall g h Z, h <> g -> zin h (drop g Z) = zin h Z.
Proof.
  intros g h Z Hne. apply eq_true_iff_eq. rewrite !zin_iff, drop_in. tauto.
Qed.

Lemma zin_drop_self : forall g Z, zin g (drop g Z) = false.
Proof.
  intros g Z. apply not_true_iff_false. rewrite zin_iff, drop_in. tauto.
Qed.

Lemma zlc_drop : forall g Z L, ~ In g (map snd L) -> zlc (drop g Z) L = zlc Z L.
Proof.
  intros g Z L Hn. apply wsum_ext. intros [s h] Hin. cbn [fst snd].
  rewrite zin_drop; [reflexivity|]. intros ->. exact (Hn (in_map snd _ _ Hin)).
Qed.

Lemma ztc_drop : forall g Z T, ~ In g (map snd T) -> ztc (drop g Z) T = ztc Z T.
Proof.
  intros g Z T Hn. apply wsum_ext. intros [x h] Hin. cbn [fst snd].
  rewrite zin_drop; [reflexivity|]. intros ->. exact (Hn (in_map snd _ _ Hin)).
Qed.

(** A man that moves [absd f t] files raises its count by at most that
    much, once it is known to have made a capture when it changed file. *)
Lemma zc_step : forall f t g z, (z = true -> f = g) -> f <> t ->
  zc t g false <= zc f g z + absd f t.
Proof.
  intros f t g [|] Hz Hft; unfold zc, absd.
  - rewrite (Hz eq_refl) in Hft |- *. destruct (Nat.eqb_spec t g); lia.
  - destruct (Nat.eqb_spec t g), (Nat.eqb_spec f g); lia.
Qed.

Lemma ghost_same : forall b b' c L T Z, ghost b c L T Z ->
  (forall s, In s all_squares -> (b' s = Some (MkPiece c Pawn) <-> b s = Some (MkPiece c Pawn))) ->
  no_new_enemy_pawn b b' c -> excess b' c <= excess b c -> Rx b' <= Rx b ->
  (forall r, Pk r b' <= Pk r b) ->
  cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b -> ghost b' c L T Z.
Proof.
  intros b b' c L T Z G Hp Hn He HR HP Hm. destruct G as [G1 G2 G3 G4 G5 G6 G7 G7' GL GT G8 GR GW].
  constructor; auto.
  - intros s Hs. rewrite Hp by exact Hs. auto.
  - intros x g Hx. destruct (G6 x g Hx) as [H1 H2]. split; [exact H1|]. eapply tok_open_transfer; eauto.
  - lia.
  - lia.
  - lia.
  - destruct GW as (W & W1 & W2 & W3 & W4). exists W. split; [exact W1|]. split; [exact W2|].
    split; [intros r; specialize (W3 r); specialize (HP r); lia|lia].
Qed.

(** A pawn moves from [f] to [t]: if it changed file, it made a capture
    and its slot leaves [Z]. *)
Definition zmove (f t : int) (g : nat) (Z : list nat) : list nat :=
  if Nat.eqb (fnat f) (fnat t) then Z else drop g Z.

Lemma zmove_incl : forall f t g Z, incl (zmove f t g Z) Z.
Proof.
  intros f t g Z h. unfold zmove. destruct (Nat.eqb (fnat f) (fnat t)); [tauto|]. rewrite drop_in. tauto.
Qed.

Lemma zmove_file : forall f t g Z, In g (zmove f t g Z) -> fnat f = fnat t.
Proof.
  intros f t g Z. unfold zmove. destruct (Nat.eqb_spec (fnat f) (fnat t)); [tauto|].
  rewrite drop_in. tauto.
Qed.

(** A pawn of [c] goes straight from [f] to [t] on [b], without a capture. *)
Definition pushed (b : board_fn) (c : color) (f t : int) : Prop :=
  b t = None /\ ((t =? pawn_step c f)%uint63 = true \/
                 ((t =? pawn_step c (pawn_step c f))%uint63 = true /\ b (pawn_step c f) = None)).

(** How a step changes the capture-free men of [c]'s ghost, [us] moving
    on [b]: [Z] only shrinks, and a capture-free man after the step was
    one before, or (only when [c] moves) was a pawn pushed straight ahead
    or promoted from its seventh rank. *)
Definition zkept (b : board_fn) (us c : color) (L : list (int * nat)) (T : list (nat * nat)) (Z : list nat)
    (L' : list (int * nat)) (T' : list (nat * nat)) (Z' : list nat) : Prop :=
  incl Z' Z /\
  (forall s' g, In (s', g) L' -> In g Z' ->
     In (s', g) L \/ (c = us /\ exists s, In (s, g) L /\ pushed b c s s')) /\
  (forall x g, In (x, g) T' -> In g Z' ->
     In (x, g) T \/ (c = us /\ exists s, In (s, g) L /\ x = fnat s /\ (relative_rank c s =? 6)%uint63 = true)).

Lemma zkept_sub : forall b us c L T Z L', incl L' L -> zkept b us c L T Z L' T Z.
Proof.
  intros b us c L T Z L' H. split; [intros h; tauto|]. split.
  - intros s' g Hin _. left. exact (H _ Hin).
  - intros x g Hin _. left. exact Hin.
Qed.

Lemma zkept_move : forall b us c L1 L2 T Z f t g,
  (fnat f = fnat t -> c = us /\ pushed b c f t) ->
  zkept b us c (L1 ++ (f, g) :: L2) T Z (L1 ++ (t, g) :: L2) T (zmove f t g Z).
Proof.
  intros b us c L1 L2 T Z f t g H. split; [apply zmove_incl|]. split.
  - intros s' h Hin Hz. apply in_app_or in Hin. destruct Hin as [Hin|[E|Hin]].
    + left. apply in_or_app. tauto.
    + injection E as <- <-. right. destruct (H (zmove_file f t g Z Hz)) as [Ec Hp].
      split; [exact Ec|]. exists f. split; [apply in_or_app; right; left; reflexivity|exact Hp].
    + left. apply in_or_app. right. right. exact Hin.
  - intros x h Hin _. left. exact Hin.
Qed.

Lemma zkept_promote : forall b us L1 L2 T Z f g, (relative_rank us f =? 6)%uint63 = true ->
  zkept b us us (L1 ++ (f, g) :: L2) T Z (L1 ++ L2) ((fnat f, g) :: T) Z.
Proof.
  intros b us L1 L2 T Z f g H6. split; [intros h; tauto|]. split.
  - intros s' h Hin _. left. apply in_app_or in Hin. apply in_or_app. simpl. tauto.
  - intros x h [E|Hin] _.
    + injection E as <- <-. right. split; [reflexivity|]. exists f.
      split; [apply in_or_app; right; left; reflexivity|]. split; [reflexivity|exact H6].
    + left. exact Hin.
Qed.

(** How a step changes the entries of [c]'s ghost, [us] moving from [f]
    to [t] on [b]: not at all (a man other than a pawn of [c] moved), only
    losing entries (the other side moved), the pawn on [f] moved to [t],
    or the pawn on [f] promoted.  The colour count of Coloursproof.v
    follows it. *)
Inductive gchange (b : board_fn) (us c : color) (f t : int) (L : list (int * nat)) (T : list (nat * nat)) :
    list (int * nat) -> list (nat * nat) -> Prop :=
  | gc_same : (c = us -> b f <> Some (MkPiece c Pawn)) -> gchange b us c f t L T L T
  | gc_sub L' : c = opp us -> incl L' L -> gchange b us c f t L T L' T
  | gc_move L1 g L2 : c = us -> L = L1 ++ (f, g) :: L2 -> gchange b us c f t L T (L1 ++ (t, g) :: L2) T
  | gc_promote L1 g L2 : c = us -> L = L1 ++ (f, g) :: L2 -> (relative_rank c f =? 6)%uint63 = true ->
      gchange b us c f t L T (L1 ++ L2) ((fnat f, g) :: T).

Lemma ghost_move : forall b b' c L T Z f t, ghost b c L T Z -> In f all_squares -> In t all_squares ->
  b f = Some (MkPiece c Pawn) -> b t <> Some (MkPiece c Pawn) ->
  (forall s, In s all_squares ->
     (b' s = Some (MkPiece c Pawn) <-> (b s = Some (MkPiece c Pawn) /\ s <> f) \/ s = t)) ->
  no_new_enemy_pawn b b' c -> excess b' c <= excess b c -> Rx b' <= Rx b ->
  (forall r, Pk r b' <= Pk r b) ->
  absd (fnat f) (fnat t) + cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b ->
  advance c f < advance c t /\ advance c f + absd (fnat f) (fnat t) <= advance c t ->
  exists L1 g L2, L = L1 ++ (f, g) :: L2 /\ ghost b' c (L1 ++ (t, g) :: L2) T (zmove f t g Z).
Proof.
  intros b b' c L T Z f t G Hf Ht Hbf Hbt Hp Hn He HR HP Hm [Ha1 Ha2].
  destruct (ghost_split b c L T Z f G Hf Hbf) as (L1 & g & L2 & -> & Hnf & Hnd).
  assert (Htn : ~ In t (map fst (L1 ++ (f, g) :: L2))) by (rewrite <- (gh_pawns G) by exact Ht; exact Hbt).
  exists L1, g, L2. split; [reflexivity|]. destruct G as [G1 G2 G3 G4 G5 G6 G7 G7' GL GT G8 GR GW].
  assert (Hsub : forall h, In h (zmove f t g Z) -> In h Z).
  { intros h. unfold zmove. destruct (Nat.eqb (fnat f) (fnat t)); [tauto|]. rewrite drop_in. tauto. }
  assert (Hg : ~ In g (map snd L1 ++ map snd L2 ++ map snd T)).
  { rewrite !map_app in G4. simpl in G4. rewrite <- app_assoc in G4. simpl in G4.
    apply NoDup_remove_2 in G4. exact G4. }
  (* The cost after the move, at most the cost before: the pawn's cost
     grows by at most the file it changed, one man of the other side less. *)
  assert (Hcost : zcost (L1 ++ (t, g) :: L2) T (zmove f t g Z) + cnt b' (opp c) TMan + Dm b' <=
                  zcost (L1 ++ (f, g) :: L2) T Z + cnt b (opp c) TMan + Dm b).
  { rewrite !zcost_split, !zlc_mid. simpl.
    assert (Hzg : zin g Z = true -> fnat f = g).
    { intros E. apply zin_iff in E. apply (GL f g); [apply in_or_app; right; left; reflexivity|exact E]. }
    unfold zmove. destruct (Nat.eqb_spec (fnat f) (fnat t)) as [E|E].
    + rewrite <- E. unfold absd in *. lia.
    + rewrite !zlc_drop, ztc_drop by (rewrite ?in_app_iff in Hg; tauto).
      rewrite zin_drop_self.
      pose proof (zc_step (fnat f) (fnat t) g (zin g Z) Hzg E). lia. }
  constructor.
  - intros s Hs. rewrite Hp by exact Hs. rewrite G1 by exact Hs. rewrite !map_app, !in_app_iff. simpl.
    rewrite map_app, in_app_iff in Hnf. split.
    + intros [[[H|[H|H]] Hsf]|H]; [tauto|congruence|tauto|subst; tauto].
    + intros [H|[H|H]]; [left; split; [tauto|intros ->; tauto] | right; congruence
                        | left; split; [tauto|intros ->; tauto]].
  - intros s Hs. rewrite map_app, in_app_iff in Hs. simpl in Hs. destruct Hs as [Hs|[<-|Hs]].
    + apply G2. rewrite map_app, in_app_iff. auto.
    + exact Ht.
    + apply G2. rewrite map_app, in_app_iff. simpl. auto.
  - rewrite map_app. simpl. apply (Permutation_NoDup (Permutation_middle (map fst L1) (map fst L2) t)).
    constructor; [rewrite <- map_app; intros H; apply Htn; rewrite map_app, in_app_iff in H |- *; simpl; tauto|].
    rewrite <- map_app. exact Hnd.
  - rewrite map_app in G4 |- *. exact G4.
  - rewrite map_app in G5 |- *. exact G5.
  - intros x g' Hx. destruct (G6 x g' Hx) as [H1 H2]. split; [exact H1|]. eapply tok_open_transfer; eauto.
  - lia.
  - lia.
  - intros s h Hin Hz. apply in_app_or in Hin. destruct Hin as [Hin|[E|Hin]].
    + apply (GL s h); [apply in_or_app; left; exact Hin|apply Hsub, Hz].
    + injection E as <- <-. unfold zmove in Hz. destruct (Nat.eqb_spec (fnat f) (fnat t)) as [E|E].
      * rewrite <- E. apply (GL f g); [apply in_or_app; right; left; reflexivity|exact Hz].
      * apply drop_in in Hz. tauto.
    + apply (GL s h); [apply in_or_app; right; right; exact Hin|apply Hsub, Hz].
  - intros x h Hx Hz. exact (GT x h Hx (Hsub h Hz)).
  - lia.
  - assert (Hzh : forall s h, In (s, h) (L1 ++ L2) -> zin h (zmove f t g Z) = zin h Z).
    { intros s h Hin. unfold zmove. destruct (Nat.eqb (fnat f) (fnat t)); [reflexivity|].
      apply zin_drop. intros ->. apply Hg. apply in_app_or in Hin. rewrite !in_app_iff.
      destruct Hin as [Hin|Hin]; [left|right; left]; exact (in_map snd _ _ Hin). }
    intros s h Hin. apply in_app_or in Hin. destruct Hin as [Hin|[E|Hin]].
    + rewrite (Hzh s h) by (apply in_or_app; left; exact Hin).
      apply GR, in_or_app. left. exact Hin.
    + injection E as <- <-. pose proof (GR f g ltac:(apply in_or_app; right; left; reflexivity)) as Hf'.
      assert (Hzg : zin g Z = true -> fnat f = g).
      { intros E. apply zin_iff in E. apply (GL f g); [apply in_or_app; right; left; reflexivity|exact E]. }
      unfold zmove. destruct (Nat.eqb_spec (fnat f) (fnat t)) as [E|E].
      * rewrite <- E. lia.
      * rewrite zin_drop_self. pose proof (zc_step (fnat f) (fnat t) g (zin g Z) Hzg E). lia.
    + rewrite (Hzh s h) by (apply in_or_app; right; exact Hin).
      apply GR, in_or_app. right. right. exact Hin.
  - destruct GW as (W & W1 & W2 & W3 & W4). exists W. split; [exact W1|]. split; [exact W2|].
    split; [intros r; specialize (W3 r); specialize (HP r); lia|lia].
Qed.

Lemma ghost_move_kept : forall b b' us c L T Z f t, ghost b c L T Z -> In f all_squares -> In t all_squares ->
  b f = Some (MkPiece c Pawn) -> b t <> Some (MkPiece c Pawn) ->
  (forall s, In s all_squares ->
     (b' s = Some (MkPiece c Pawn) <-> (b s = Some (MkPiece c Pawn) /\ s <> f) \/ s = t)) ->
  no_new_enemy_pawn b b' c -> excess b' c <= excess b c -> Rx b' <= Rx b ->
  (forall r, Pk r b' <= Pk r b) ->
  absd (fnat f) (fnat t) + cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b ->
  (fnat f = fnat t -> c = us /\ pushed b c f t) ->
  advance c f < advance c t /\ advance c f + absd (fnat f) (fnat t) <= advance c t -> c = us ->
  exists L' T' Z', ghost b' c L' T' Z' /\ zkept b us c L T Z L' T' Z' /\ gchange b us c f t L T L' T'.
Proof.
  intros b b' us c L T Z f t G Hf Ht Hbf Hbt Hp Hn He HR HP Hm Hpush Ha Ec.
  destruct (ghost_move b b' c L T Z f t G Hf Ht Hbf Hbt Hp Hn He HR HP Hm Ha) as (L1 & g & L2 & -> & G').
  exists (L1 ++ (t, g) :: L2), T, (zmove f t g Z). split; [exact G'|]. split; [apply zkept_move, Hpush|].
  apply gc_move; [exact Ec|reflexivity].
Qed.

Lemma ghost_remove : forall b b' c L T Z x, ghost b c L T Z -> In x all_squares -> b x = Some (MkPiece c Pawn) ->
  (forall s, In s all_squares -> (b' s = Some (MkPiece c Pawn) <-> b s = Some (MkPiece c Pawn) /\ s <> x)) ->
  no_new_enemy_pawn b b' c -> excess b' c <= excess b c -> Rx b' <= Rx b ->
  (forall r, Pk r b' <= Pk r b) ->
  cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b -> exists L', incl L' L /\ ghost b' c L' T Z.
Proof.
  intros b b' c L T Z x G Hx Hbx Hp Hn He HR HP Hm.
  destruct (ghost_split b c L T Z x G Hx Hbx) as (L1 & g & L2 & -> & Hnf & Hnd).
  exists (L1 ++ L2). split; [intros y Hy; apply in_app_or in Hy; apply in_or_app; simpl; tauto|].
  destruct G as [G1 G2 G3 G4 G5 G6 G7 G7' GL GT G8 GR GW]. constructor.
  - intros s Hs. rewrite Hp by exact Hs. rewrite G1 by exact Hs. rewrite !map_app, !in_app_iff. simpl.
    rewrite map_app, in_app_iff in Hnf. split.
    + intros [[H|[H|H]] Hsx]; [tauto|congruence|tauto].
    + intros [H|H]; (split; [tauto|intros ->; tauto]).
  - intros s Hs. apply G2. rewrite !map_app, !in_app_iff in *. simpl. tauto.
  - exact Hnd.
  - rewrite !map_app in *. simpl in G4. rewrite <- app_assoc in *. simpl in G4.
    apply NoDup_remove_1 in G4. exact G4.
  - intros g' Hg. apply G5. rewrite !map_app, !in_app_iff in *. simpl. tauto.
  - intros x' g' Hx'. destruct (G6 x' g' Hx') as [H1 H2]. split; [exact H1|]. eapply tok_open_transfer; eauto.
  - lia.
  - lia.
  - intros s h Hin. apply GL. apply in_app_or in Hin. apply in_or_app. simpl. tauto.
  - exact GT.
  - rewrite zcost_split, zlc_mid in G8. rewrite zcost_split, zlc_app. lia.
  - intros s h Hin. apply GR. apply in_app_or in Hin. apply in_or_app. simpl. tauto.
  - destruct GW as (W & W1 & W2 & W3 & W4). exists W. split; [exact W1|]. split; [exact W2|].
    split; [intros r; specialize (W3 r); specialize (HP r); lia|].
    rewrite zcost_split, zlc_mid in W4. rewrite zcost_split, zlc_app. lia.
Qed.

Lemma ghost_promote : forall b b' c L T Z x t r, ghost b c L T Z -> In x all_squares -> b x = Some (MkPiece c Pawn) ->
  (forall s, In s all_squares -> (b' s = Some (MkPiece c Pawn) <-> b s = Some (MkPiece c Pawn) /\ s <> x)) ->
  no_new_enemy_pawn b b' c -> tok_open b' c (fnat x) -> excess b' c <= S (excess b c) ->
  Rx b' <= S (Rx b) ->
  (forall r', Pk r' b' <= Pk r' b \/ (Pk r' b' <= S (Pk r' b) /\ r' = r /\ Ad r (fnat x) t = true)) ->
  (if Nat.eqb (fnat x) (fnat t) then 0 else 1) + cnt b' (opp c) TMan + Dm b' <= cnt b (opp c) TMan + Dm b ->
  exists L1 g L2, L = L1 ++ (x, g) :: L2 /\ ghost b' c (L1 ++ L2) ((fnat x, g) :: T) Z.
Proof.
  intros b b' c L T Z x t r G Hx Hbx Hp Hn Ho He HR HP Hm.
  destruct (ghost_split b c L T Z x G Hx Hbx) as (L1 & g & L2 & -> & Hnf & Hnd).
  exists L1, g, L2. split; [reflexivity|]. destruct G as [G1 G2 G3 G4 G5 G6 G7 G7' GL GT G8 GR GW].
  assert (Hperm : Permutation (map snd (L1 ++ (x, g) :: L2) ++ map snd T)
                              (map snd (L1 ++ L2) ++ map snd ((fnat x, g) :: T))).
  { rewrite !map_app. simpl. rewrite <- !app_assoc. simpl.
    eapply perm_trans; [apply Permutation_sym, Permutation_middle|].
    rewrite !app_assoc. apply Permutation_middle. }
  constructor.
  - intros s Hs. rewrite Hp by exact Hs. rewrite G1 by exact Hs. rewrite !map_app, !in_app_iff. simpl.
    rewrite map_app, in_app_iff in Hnf. split.
    + intros [[H|[H|H]] Hsx]; [tauto|congruence|tauto].
    + intros [H|H]; (split; [tauto|intros ->; tauto]).
  - intros s Hs. apply G2. rewrite !map_app, !in_app_iff in *. simpl. tauto.
  - exact Hnd.
  - exact (Permutation_NoDup Hperm G4).
  - intros g' Hg. apply G5. apply (Permutation_in _ (Permutation_sym Hperm)). exact Hg.
  - intros x' g' [E|Hx'].
    + injection E as <- <-. split; [apply fnat_lt; exact Hx | exact Ho].
    + destruct (G6 x' g' Hx') as [H1 H2]. split; [exact H1|]. eapply tok_open_transfer; eauto.
  - simpl. lia.
  - simpl. lia.
  - intros s h Hin. apply GL. apply in_app_or in Hin. apply in_or_app. simpl. tauto.
  - intros x' h [E|Hx'] Hz.
    + injection E as <- <-. apply (GL x g); [apply in_or_app; right; left; reflexivity|exact Hz].
    + exact (GT x' h Hx' Hz).
  - rewrite zcost_split, zlc_mid in G8. rewrite zcost_split, zlc_app. unfold ztc in *. simpl in *. lia.
  - intros s h Hin. apply GR. apply in_app_or in Hin. apply in_or_app. simpl. tauto.
  - destruct GW as (W & W1 & W2 & W3 & W4).
    assert (HgT : ~ In g (map snd T)).
    { intros Hin. rewrite map_app in G4. simpl in G4. rewrite <- app_assoc in G4. simpl in G4.
      apply NoDup_remove_2 in G4. apply G4. rewrite !in_app_iff. right. right. exact Hin. }
    assert (Hgw : ~ In g (map wslot W)).
    { intros Hin. apply in_map_iff in Hin. destruct Hin as ([[[x0 g0] s0] r0] & E & Hw).
      simpl in E. subst g0. apply HgT. apply (in_map snd _ (x0, g)), (W1 x0 g s0 r0 Hw). }
    assert (Hz : zcost (L1 ++ L2) ((fnat x, g) :: T) Z = zcost (L1 ++ (x, g) :: L2) T Z)
      by (rewrite !zcost_split, zlc_mid, zlc_app; unfold ztc; simpl; lia).
    destruct (Ad r (fnat x) t) eqn:Ea.
    + exists ((fnat x, g, t, r) :: W). split; [|split; [|split]].
      * intros x0 g0 s0 r0 [E|Hw].
        -- injection E as <- <- <- <-. split; [left; reflexivity|exact Ea].
        -- destruct (W1 x0 g0 s0 r0 Hw) as [H1 H2]. split; [right; exact H1|exact H2].
      * simpl. constructor; assumption.
      * intros r0. specialize (W3 r0). unfold wcount in *. simpl.
        destruct (HP r0) as [H|(H & <- & _)].
        -- destruct (role_eqb r r0); simpl; lia.
        -- rewrite (proj2 (role_eqb_eq r0 r0) eq_refl). simpl. lia.
      * rewrite Hz. unfold wextra in *. simpl. lia.
    + exists W. split; [|split; [exact W2|split]].
      * intros x0 g0 s0 r0 Hw. destruct (W1 x0 g0 s0 r0 Hw) as [H1 H2]. split; [right; exact H1|exact H2].
      * intros r0. specialize (W3 r0). destruct (HP r0) as [H|(_ & _ & E)]; [lia|congruence].
      * rewrite Hz. lia.
Qed.

(** ** A game step keeps a ghost *)

(** The side not moving, when the mover leaves [f] and lands on [t]. *)
Lemma other_side_ft : forall b b' us f t rf r L T Z, ghost b (opp us) L T Z ->
  In f all_squares -> In t all_squares -> f <> t ->
  b f = Some (MkPiece us rf) -> b' f = None -> b' t = Some (MkPiece us r) ->
  (r = Pawn -> (relative_rank (opp us) t =? 6)%uint63 = false) ->
  (forall s, In s all_squares -> s <> f -> s <> t -> b' s = b s) ->
  (forall g, cnt b' (opp us) g <= cnt b (opp us) g) -> Rx b' <= Rx b -> (forall r, Pk r b' <= Pk r b) ->
  cnt b' (opp (opp us)) TMan + Dm b' <= cnt b (opp (opp us)) TMan + Dm b ->
  exists L', incl L' L /\ ghost b' (opp us) L' T Z.
Proof.
  intros b b' us f t rf r L T Z Hg Hf Ht Hft Hbf Hb'f Hb't Hr6 Hsame Hopp HR HP Hm.
  assert (Hnne : no_new_enemy_pawn b b' (opp us)).
  { intros s Hs H6 Hb's. rewrite opp_opp in *. sq_cases s [f; t].
    - rewrite Hb'f in Hb's. discriminate.
    - rewrite Hb't in Hb's. injection Hb's as ->. rewrite (Hr6 eq_refl) in H6. discriminate.
    - rewrite Hsame in Hb's by auto. exact Hb's. }
  assert (He : excess b' (opp us) <= excess b (opp us)) by (apply excess_mono, Hopp).
  destruct (opiece_eqb (b t) (Some (MkPiece (opp us) Pawn))) eqn:Ecap.
  - apply opiece_eqb_eq in Ecap.
    apply (ghost_remove b b' (opp us) L T Z t Hg Ht Ecap); auto.
    intros s Hs. sq_cases s [f; t].
    + rewrite Hb'f, Hbf. split; [discriminate|]. intros [E _]. exfalso; exact (piece_opp_neq _ _ _ E).
    + rewrite Hb't. split; [intros E; exfalso; exact (piece_opp_neq _ _ _ E)|tauto].
    + rewrite Hsame by auto. tauto.
  - exists L. split; [intros y; tauto|]. apply (ghost_same b b' (opp us) L T Z Hg); auto.
    intros s Hs. sq_cases s [f; t].
    + rewrite Hb'f, Hbf. split; [discriminate|]. intros E. exfalso; exact (piece_opp_neq _ _ _ E).
    + rewrite Hb't. split; [intros E; exfalso; exact (piece_opp_neq _ _ _ E)|].
      intros E. rewrite E in Ecap. simpl in Ecap. destruct us; discriminate.
    + rewrite Hsame by auto. tauto.
Qed.

Lemma ghost_step_kept : forall G m G', legal_move G m G' -> inv G = true -> forall c,
  cnt (piece_at G') (opp c) TMan + Dm (piece_at G') <= cnt (piece_at G) (opp c) TMan + Dm (piece_at G) ->
  (piece_at G (mv_from m) = Some (MkPiece c Pawn) -> Dm (piece_at G') <= Dm (piece_at G)) ->
  Rx (piece_at G') <= S (Rx (piece_at G)) ->
  (turn G <> c \/ mv_kind m <> Promotion -> Rx (piece_at G') <= Rx (piece_at G)) ->
  (turn G <> c \/ mv_kind m <> Promotion -> forall r, Pk r (piece_at G') <= Pk r (piece_at G)) ->
  (forall r, Pk r (piece_at G') <= Pk r (piece_at G) \/
     (Pk r (piece_at G') <= S (Pk r (piece_at G)) /\ piece_at G' (mv_to m) = Some (MkPiece c r) /\
      Ad r (fnat (mv_from m)) (mv_to m) = true)) ->
  forall L T Z, ghost (piece_at G) c L T Z ->
  exists L' T' Z', ghost (piece_at G') c L' T' Z' /\ zkept (piece_at G) (turn G) c L T Z L' T' Z' /\
    gchange (piece_at G) (turn G) c (mv_from m) (mv_to m) L T L' T'.
Proof.
  intros G m G' Hl Hi c HD1 HD2 HR1 HR2 HP1 HP2 L T Z Hg.
  pose proof (pawns_ok_inv G Hi) as Hpok. pose proof (ep_inv_of G Hi) as Hep.
  destruct (count_step G m G' Hl Hep) as (Hopp & _ & _ & Hman & _).
  pose proof (mover_counts G m G' Hl Hep) as Hmc.
  pose proof (mover_excess G m G' Hl Hep) as Hme.
  open_move Hl Hep Hps Hf Ht Hk.
  set (b := piece_at G) in *. set (b' := piece_at G') in *. set (us := turn G) in *.
  set (f := mv_from m) in *. set (t := mv_to m) in *.
  assert (Hcol : c = us \/ c = opp us) by (destruct c, us; auto).
  assert (Hrf : forall c', b f = Some (MkPiece c' Pawn) -> rank_ok f = true) by (intros c' H; exact (Hpok f c' Hf H)).
  assert (Hother : c = opp us -> Rx b' <= Rx b) by (intros ->; apply HR2; left; destruct us; discriminate).
  assert (HPother : c = opp us -> forall r, Pk r b' <= Pk r b)
    by (intros ->; apply HP1; left; destruct us; discriminate).
  assert (Hmover : c = us -> no_new_enemy_pawn b b' us -> (forall g, cnt b' us g = cnt b us g) ->
                   Rx b' <= Rx b -> (forall r, Pk r b' <= Pk r b) ->
                   (forall s, In s all_squares -> (b' s = Some (MkPiece us Pawn) <-> b s = Some (MkPiece us Pawn))) ->
                   b f <> Some (MkPiece us Pawn) ->
                   exists L' T' Z', ghost b' us L' T' Z' /\ zkept b us us L T Z L' T' Z' /\
                                    gchange b us us f t L T L' T').
  { intros Ec Hn Hc HR HP Hp Hnp. subst c. exists L, T, Z. split; [|split; [apply zkept_sub; intros y; tauto|]].
    - apply (ghost_same b b' us L T Z Hg); auto. apply excess_mono. intros g. rewrite Hc. lia.
    - apply gc_same. intros _. exact Hnp. }
  assert (Hside : forall L', incl L' L -> ghost b' (opp us) L' T Z ->
                  exists L' T' Z', ghost b' (opp us) L' T' Z' /\ zkept b us (opp us) L T Z L' T' Z' /\
                                   gchange b us (opp us) f t L T L' T').
  { intros L' Hinc Gs. exists L', T, Z. split; [exact Gs|]. split; [apply zkept_sub, Hinc|].
    apply gc_sub; [reflexivity|exact Hinc]. }
  shape_inv Hk.
  - (* a normal move *)
    clear Hr7 Hps.
    assert (HR : Rx b' <= Rx b) by (apply HR2; right; discriminate).
    assert (HP : forall r, Pk r b' <= Pk r b) by (apply HP1; right; discriminate).
    clear HP1 HP2.
    assert (Hmove : forall g, cnt b' us g = cnt b us g) by (apply Hmc; discriminate).
    assert (Hnot : b t <> Some (MkPiece us Pawn)) by (apply target_ok_not_own; exact Htg).
    assert (Hnne : no_new_enemy_pawn b b' us).
    { intros s Hs _ Hb's. sq_cases s [f; t]; [congruence| |rewrite Hsame in Hb's by auto; exact Hb's].
      rewrite Hb't in Hb's. destruct us; discriminate. }
    destruct Hcol as [->| ->].
    + destruct (role_eqb r Pawn) eqn:Erp.
      * apply role_eqb_eq in Erp. subst r.
        destruct (pawn_move_geo b us f t Hf Ht (Hrf us Hbf) Hmm) as (_ & _ & Hgeo).
        apply (ghost_move_kept b b' us us L T Z f t Hg Hf Ht Hbf Hnot); auto.
        -- intros s Hs. sq_cases s [f; t].
           ++ rewrite Hb'f. split; [discriminate|]. intros [[_ H]|H]; congruence.
           ++ rewrite Hb't. split; [intros _; right; reflexivity|reflexivity].
           ++ rewrite Hsame by auto.
              split; [intros E; left; split; assumption|intros [[E _]|E]; [exact E|congruence]].
        -- apply excess_mono. intros g. rewrite Hmove. lia.
        -- destruct Hgeo as [Ef|(Ed & Hbt)].
           ++ rewrite Ef. unfold absd. rewrite Nat.sub_diag. simpl. exact HD1.
           ++ rewrite Ed. assert (HDp := HD2 Hbf).
              destruct (target_cases b us t Htg) as [E|(r' & E & _)]; [contradiction|].
              enough (cnt b' (opp us) TMan + 1 <= cnt b (opp us) TMan) by lia.
              apply (capture_count b b' [f; t] (opp us) t r'); auto.
              ** apply NoDup2; auto.
              ** apply incl_list; simpl; intros x [<-|[<-|[]]]; auto.
              ** simpl; auto.
              ** intros s Hs Hn. apply Hsame; auto; intros ->; apply Hn; cbn [In]; auto.
              ** intros s [<-|[<-|[]]]; [rewrite Hb'f|rewrite Hb't, ind_other]; reflexivity.
        -- intros E. split; [reflexivity|].
           destruct Hmm as [(Hfw & Hbt0)|[(_ & Hfw & Hpc & Hbt0)|(Hat & _)]].
           ++ split; [exact Hbt0|left; exact Hfw].
           ++ split; [exact Hbt0|right; split; assumption].
           ++ exfalso. exact (attack_file us f t Hf Ht Hat E).
        -- exact (pawn_advance us f t Hf Ht (Hrf us Hbf) (pawn_moves_man b us f t Hmm)).
      * apply Hmover; auto; cycle 1.
        { rewrite Hbf. intros E. injection E as Er. subst r. simpl in Erp. discriminate Erp. }
        intros s Hs. sq_cases s [f; t].
        -- rewrite Hb'f, Hbf. split; [discriminate|]. intros E. injection E as ->. discriminate.
        -- rewrite Hb't. split; [intros E; injection E as ->; discriminate|intros E; contradiction].
        -- rewrite Hsame by auto. tauto.
    + cut (exists L', incl L' L /\ ghost b' (opp us) L' T Z); [intros (L' & Hinc & Gs); exact (Hside L' Hinc Gs)|].
      apply (other_side_ft b b' us f t r r L T Z Hg Hf Ht Hft Hbf Hb'f Hb't); auto.
      intros ->. apply (pawn_move_geo b us f t Hf Ht (Hrf us Hbf) Hmm).
  - (* a promotion *)
    destruct Hps as (r0 & _ & _ & _ & H7 & _ & Hmm).
    assert (Hnot : b t <> Some (MkPiece us Pawn)) by (apply target_ok_not_own; exact Htg).
    assert (Hrp : r <> Pawn) by (clear - Hr; intros ->; simpl in Hr; intuition discriminate).
    destruct Hcol as [->| ->].
    + destruct (pawn_move_geo b us f t Hf Ht (Hrf us Hbf) Hmm) as (_ & Hf6 & Hgeo).
      clear HR2 HP1.
      specialize (Hf6 H7).
      cut (exists L1 g L2, L = L1 ++ (f, g) :: L2 /\ ghost b' us (L1 ++ L2) ((fnat f, g) :: T) Z);
        [intros (L1 & g & L2 & -> & Gp); exists (L1 ++ L2), ((fnat f, g) :: T), Z;
         split; [exact Gp|]; split; [apply zkept_promote, Hf6|apply gc_promote; [reflexivity|reflexivity|exact Hf6]]|].
      apply (ghost_promote b b' us L T Z f t r Hg Hf Hbf); auto.
      * intros s Hs. sq_cases s [f; t].
        -- rewrite Hb'f. split; [discriminate|]. intros [_ H]; congruence.
        -- rewrite Hb't. split; [intros E; exfalso; exact (piece_role_neq _ _ _ Hrp E)|intros [E _]; contradiction].
        -- rewrite Hsame by auto. tauto.
      * intros s Hs _ Hb's. sq_cases s [f; t]; [congruence| |rewrite Hsame in Hb's by auto; exact Hb's].
        rewrite Hb't in Hb's. destruct us; discriminate.
      * intros s Hs Hx H6 E. rewrite (seventh_unique us s f Hs Hf Hx H6 Hf6) in E. congruence.
      * intros r'. destruct (HP2 r') as [H|(H & Ht' & Ha)]; [left; exact H|right].
        fold b' t in Ht'. rewrite Hb't in Ht'. injection Ht' as <-. auto.
      * destruct Hgeo as [Ef|(Ed & Hbt)].
        -- rewrite Ef, Nat.eqb_refl. simpl. exact HD1.
        -- assert (HDp := HD2 Hbf).
           assert (En : Nat.eqb (fnat f) (fnat t) = false) by (apply Nat.eqb_neq; unfold absd in Ed; lia).
           rewrite En.
           destruct (target_cases b us t Htg) as [E|(r' & E & _)]; [contradiction|].
           enough (cnt b' (opp us) TMan + 1 <= cnt b (opp us) TMan) by lia.
           apply (capture_count b b' [f; t] (opp us) t r'); auto.
           ++ apply NoDup2; auto.
           ++ apply incl_list; simpl; intros y [<-|[<-|[]]]; auto.
           ++ simpl; auto.
           ++ intros s Hs Hn. apply Hsame; auto; intros ->; apply Hn; cbn [In]; auto.
           ++ intros s [<-|[<-|[]]]; [rewrite Hb'f|rewrite Hb't, ind_other]; reflexivity.
    + cut (exists L', incl L' L /\ ghost b' (opp us) L' T Z); [intros (L' & Hinc & Gs); exact (Hside L' Hinc Gs)|].
      apply (other_side_ft b b' us f t Pawn r L T Z Hg Hf Ht Hft Hbf Hb'f Hb't); auto.
      intros E; contradiction.
  - (* en passant *)
    destruct Hps as (_ & _ & _ & Ha & _).
    set (v := ep_victim us t) in *.
    assert (HR : Rx b' <= Rx b) by (apply HR2; right; discriminate).
    assert (HP : forall r, Pk r b' <= Pk r b) by (apply HP1; right; discriminate).
    clear HP1 HP2.
    destruct (pawn_attack_geo us f t Hf Ht (Hrf us Hbf) Ha) as (H6 & Ed).
    assert (Hmove : forall g, cnt b' us g = cnt b us g) by (apply Hmc; discriminate).
    destruct Hcol as [->| ->].
    + apply (ghost_move_kept b b' us us L T Z f t Hg Hf Ht Hbf); auto.
      * rewrite Hbt. discriminate.
      * intros s Hs. sq_cases s [f; t; v].
        -- rewrite Hb'f. split; [discriminate|]. intros [[_ H]|H]; congruence.
        -- rewrite Hb't. split; [intros _; right; reflexivity|reflexivity].
        -- rewrite Hb'v, Hbv. split; [discriminate|]. intros [[E _]|E]; [exfalso; exact (piece_opp_neq _ _ _ (eq_sym E))|congruence].
        -- rewrite Hsame by auto.
           split; [intros E; left; split; assumption|intros [[E _]|E]; [exact E|congruence]].
      * intros s Hs _ Hb's. sq_cases s [f; t; v]; [congruence| | congruence |rewrite Hsame in Hb's by auto; exact Hb's].
        rewrite Hb't in Hb's. destruct us; discriminate.
      * apply excess_mono. intros g. rewrite Hmove. lia.
      * rewrite Ed. assert (HDp := HD2 Hbf).
        enough (cnt b' (opp us) TMan + 1 <= cnt b (opp us) TMan) by lia.
        apply (capture_count b b' [f; t; v] (opp us) v Pawn); auto.
        -- apply NoDup3; auto.
        -- apply incl_list; simpl; intros x [<-|[<-|[<-|[]]]]; auto.
        -- simpl; auto.
        -- intros s Hs Hn. apply Hsame; auto; intros ->; apply Hn; cbn [In]; auto.
        -- intros s [<-|[<-|[<-|[]]]]; [rewrite Hb'f|rewrite Hb't, ind_other|rewrite Hb'v]; reflexivity.
      * intros E. rewrite E in Ed. unfold absd in Ed. lia.
      * apply (pawn_advance us f t Hf Ht (Hrf us Hbf)). unfold pawn_moves_to. rewrite Ha, !orb_true_r. reflexivity.
    + assert (Hnne : no_new_enemy_pawn b b' (opp us)).
      { intros s Hs H6' Hb's. rewrite opp_opp in *. sq_cases s [f; t; v].
        - congruence.
        - congruence.
        - congruence.
        - rewrite Hsame in Hb's by auto. exact Hb's. }
      destruct (ghost_remove b b' (opp us) L T Z v Hg Hv Hbv) as (L' & Hinc & Gh'); auto;
        [| |exact (Hside L' Hinc Gh')].
      * intros s Hs. sq_cases s [f; t; v].
        -- rewrite Hb'f, Hbf. split; [discriminate|]. intros [E _]. exfalso; exact (piece_opp_neq _ _ _ E).
        -- rewrite Hb't, Hbt. split; [intros E; exfalso; exact (piece_opp_neq _ _ _ E)|intros [E _]; discriminate].
        -- rewrite Hb'v. split; [discriminate|tauto].
        -- rewrite Hsame by auto. tauto.
      * apply excess_mono, Hopp.
  - (* castling *)
    clear Hps Hcr.
    assert (HR : Rx b' <= Rx b) by (apply HR2; right; discriminate).
    assert (HP : forall r, Pk r b' <= Pk r b) by (apply HP1; right; discriminate).
    clear HP1 HP2.
    set (rf := castle_rook_from us side) in *. set (rt := castle_rook_to us side) in *.
    assert (Hmove : forall g, cnt b' us g = cnt b us g) by (apply Hmc; discriminate).
    assert (Hpawn : forall c', (forall s, In s all_squares ->
        (b' s = Some (MkPiece c' Pawn) <-> b s = Some (MkPiece c' Pawn)))).
    { intros c' s Hs. destruct (in_dec Uint63.eqs s [f; t; rf; rt]) as [Hin|Hn].
      - simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]];
          rewrite ?Hbf, ?Hbr, ?Hbt, ?Hbrt, ?Hb'f, ?Hb'r, ?Hb't, ?Hb'rt;
          split; intros E; try discriminate; injection E; intros; discriminate.
      - rewrite Hsame by auto. tauto. }
    assert (Hnne : forall c', no_new_enemy_pawn b b' c').
    { intros c' s Hs _ E. rewrite <- (Hpawn (opp c') s Hs). exact E. }
    destruct Hcol as [->| ->].
    + apply Hmover; auto. rewrite Hbf. discriminate.
    + apply (Hside L (fun y H => H)). apply (ghost_same b b' (opp us) L T Z Hg); auto.
      apply excess_mono, Hopp.
Qed.

Lemma ghost_step : forall G m G', legal_move G m G' -> inv G = true -> forall c,
  cnt (piece_at G') (opp c) TMan + Dm (piece_at G') <= cnt (piece_at G) (opp c) TMan + Dm (piece_at G) ->
  (piece_at G (mv_from m) = Some (MkPiece c Pawn) -> Dm (piece_at G') <= Dm (piece_at G)) ->
  Rx (piece_at G') <= S (Rx (piece_at G)) ->
  (turn G <> c \/ mv_kind m <> Promotion -> Rx (piece_at G') <= Rx (piece_at G)) ->
  (turn G <> c \/ mv_kind m <> Promotion -> forall r, Pk r (piece_at G') <= Pk r (piece_at G)) ->
  (forall r, Pk r (piece_at G') <= Pk r (piece_at G) \/
     (Pk r (piece_at G') <= S (Pk r (piece_at G)) /\ piece_at G' (mv_to m) = Some (MkPiece c r) /\
      Ad r (fnat (mv_from m)) (mv_to m) = true)) ->
  ghostly (piece_at G) c -> ghostly (piece_at G') c.
Proof.
  intros G m G' Hl Hi c HD1 HD2 HR1 HR2 HP1 HP2 (L & T & Z & Hg).
  destruct (ghost_step_kept G m G' Hl Hi c HD1 HD2 HR1 HR2 HP1 HP2 L T Z Hg) as (L' & T' & Z' & Gk & _ & _).
  exists L', T', Z'. exact Gk.
Qed.

Lemma ghost_initial : forall c, Dm (piece_at initial) = 0 -> Rx (piece_at initial) = 0 ->
  (forall r, Pk r (piece_at initial) = 0) ->
  ghost (piece_at initial) c (initial_ghost c) [] (seq 0 8).
Proof.
  intros c HD HR HP. constructor.
  - assert (H : forallb (fun s => Bool.eqb (opiece_eqb (piece_at initial s) (Some (MkPiece c Pawn)))
                                          (inb s (map fst (initial_ghost c)))) all_squares = true)
      by (destruct c; vm_compute; reflexivity).
    intros s Hs. forallb_at H Hs. apply Bool.eqb_prop in H.
    rewrite <- opiece_eqb_eq, <- inb_iff, H. reflexivity.
  - apply sub_squares_incl. destruct c; vm_compute; reflexivity.
  - apply nodupb_NoDup. destruct c; vm_compute; reflexivity.
  - replace (map snd (initial_ghost c) ++ map snd []) with (seq 0 8) by (destruct c; reflexivity).
    apply seq_NoDup.
  - replace (map snd (initial_ghost c) ++ map snd []) with (seq 0 8) by (destruct c; reflexivity).
    intros g Hg. apply in_seq in Hg. lia.
  - intros x g [].
  - assert (E : excess (piece_at initial) c = 0) by (destruct c; vm_compute; reflexivity).
    rewrite E. reflexivity.
  - rewrite HR. reflexivity.
  - assert (H : forallb (fun sg => Nat.eqb (fnat (fst sg)) (snd sg)) (initial_ghost c) = true)
      by (destruct c; vm_compute; reflexivity).
    intros s g Hin _. apply Nat.eqb_eq, (forallb_in H Hin).
  - intros x g [].
  - rewrite HD, Nat.add_0_r. apply Nat.leb_le. destruct c; vm_compute; reflexivity.
  - assert (H : forallb (fun sg => Nat.leb (zc (fnat (fst sg)) (snd sg) (zin (snd sg) (seq 0 8)))
                                           (advance c (fst sg))) (initial_ghost c) = true)
      by (destruct c; vm_compute; reflexivity).
    intros s g Hin. apply Nat.leb_le, (forallb_in H Hin).
  - exists []. split; [intros x g s r []|]. split; [constructor|]. split; [intros r; rewrite HP; reflexivity|].
    rewrite HD, Nat.add_0_r. apply Nat.leb_le. destruct c; vm_compute; reflexivity.
Qed.

Lemma ghost_ext : forall b b' c L T Z, (forall s, In s all_squares -> b s = b' s) -> Dm b' = Dm b ->
  Rx b' = Rx b -> (forall r, Pk r b' = Pk r b) -> ghost b c L T Z -> ghost b' c L T Z.
Proof.
  intros b b' c L T Z H HD HR HP [G1 G2 G3 G4 G5 G6 G7 G7' GL GT G8 GR GW].
  assert (Ec : forall c' g, cnt b' c' g = cnt b c' g) by (intros; apply cnt_ext; intros s Hs; symmetry; auto).
  constructor; auto.
  - intros s Hs. rewrite <- H by exact Hs. auto.
  - intros x g Hx. destruct (G6 x g Hx) as [H1 H2]. split; [exact H1|].
    intros s Hs Hf Hr. rewrite <- H by exact Hs. auto.
  - unfold excess. rewrite !Ec. exact G7.
  - rewrite HR. exact G7'.
  - rewrite Ec, HD. exact G8.
  - destruct GW as (W & W1 & W2 & W3 & W4). exists W. split; [exact W1|]. split; [exact W2|].
    split; [intros r; rewrite HP; exact (W3 r)|]. rewrite Ec, HD. exact W4.
Qed.

End Ghost.

(** The lemmas read the ghost's parameters off the ghost they are given. *)
Arguments ghost_ext {Dm Rx Pk Ad} b b' {c L T Z}.
Arguments gh_plain {Dm Rx Pk Ad b c L T Z}.
Arguments pawns_perm {Dm Rx Pk Ad b c L T Z}.
