(** * FrozenRegionproof: regions (Frozen.v), the man cannot have come from
    the start (part of the proof of Frozenproof.v).

    Headline theorems:

    - [region_game : forall h G, game h G -> forall X K c r R Rs,
         closed_set (piece_at G) X ->
         (forall cs, In cs Rs -> castling_right G (fst cs) (snd cs) = true) ->
         region_closed X K c r R -> rcuts_ok (piece_at G) X (right_squares Rs) K c r ->
         region_last c r R -> region_homeless c r R ->
         forall s, In s all_squares -> R s = true -> piece_at G s <> Some (MkPiece c r)]
    - [region_ok_spec]: the validation [region_ok] of Frozen.v means what
      it says; [columns_ok], [kind_cut_ok], [region_cut_ok]: the cuts it
      computes hold.

    [K] are the pairs of squares of columns (Frozen.v's [columns]) the man
    never steps between: [cuts_ok] says each holds, on one of its two
    squares, a pawn of another kind of man, which [column_back] carries
    back along the game; [no_cut] turns it into "no move crosses".  For a
    king, [K] also cuts the guarded squares ([guard], [king_safe]); for a
    pawn, the diagonal steps onto a square of a colour its side never
    captured onto ([capture_free_on]: the other side lost only bishops of
    the other colour; [capture_free_back] carries it back, and
    [capture_not_free] shows a capture breaks it).  [rcuts_ok] also lets
    [K] cut the steps onto the squares of the kings and rooks of castling
    rights [Rs] the game's last position holds: every position of the game
    holds them ([rights_back]), so those squares are never empty
    ([rights_occupied]), and no man ever came from one of them.

    [R] is closed under the exits of a man [MkPiece c r] that avoid the
    closed set [X] ([region_closed]), has no square of the last rank if the
    man may be a promoted pawn ([region_last]), and no initial square of
    the man ([region_homeless]).  Then no position of a game has the man on
    a square of [R]: not the initial position, and after a legal move the
    man on [s] in [R] either stood there before, or arrived there from a
    square of [R] ([region_step]): its origin is an exit of [s], or is
    reached from [s] through exits over empty squares (a slider, a double
    step), none of them in [X] (the squares of [X] are occupied before and
    after the move, [frozen_step_keeps]); it cannot have arrived by
    promotion, [s] not being on its last rank. *)

From Coq Require Import Uint63 PArray List Bool Arith Lia.
From RetroProof Require Import Gen.Vocab Gen.Tables Board Rules Material RulesFast Facts RulesCheck
  Reachable Invariants Stranded Frozen FrozenStepproof.
Import ListNotations.
Open Scope uint63_scope.

Definition region_closed (X : int -> bool) (K : int -> int -> bool) (c : color) (r : role)
    (R : int -> bool) : Prop :=
  forall s, In s all_squares -> R s = true ->
  forall e, In e (region_exits c r s) -> X e = false -> K s e = false -> R e = true.

(** A column (Frozen.v's [columns]): a pawn of [cc] stands on [a] or [s],
    [a] is on its second rank, and every exit of a pawn of [cc] on [s] but
    [a] is in [X]. *)
Definition column (b : board_fn) (X : int -> bool) (cc : color) (a s : int) : Prop :=
  In a all_squares /\ In s all_squares /\
  (b a = Some (MkPiece cc Pawn) \/ b s = Some (MkPiece cc Pawn)) /\
  (relative_rank cc a =? 1) = true /\ (forall e, In e (exits cc Pawn s) -> e = a \/ X e = true).

(** [y] is guarded against the man [MkPiece c r]: it is a king, and a
    man of the other side on a square of [X] attacks [y] whatever else
    stands on the board (Frozen.v's [guarded_by]). *)
Definition guard (b : board_fn) (X : int -> bool) (c : color) (r : role) (y : int) : Prop :=
  r = King /\ exists o rf, In o all_squares /\ X o = true /\ b o = Some (MkPiece (opp c) rf) /\
    fixed_attack (opp c) rf o y = true.

(** No man of [c] ever captured onto a square of [x]'s colour: the other
    side has its 8 pawns, both knights, both rooks, its queen and one
    bishop of that square colour (Frozen.v's [capture_free]). *)
Definition capture_free_on (b : board_fn) (c : color) (x : int) : Prop :=
  cnt b (opp c) TPawn = 8%nat /\ cnt b (opp c) TKnight = 2%nat /\ cnt b (opp c) TRook = 2%nat /\
  cnt b (opp c) TQueen = 1%nat /\
  (if is_light x then cnt b (opp c) TLight else cnt b (opp c) TDark) = 1%nat.

(** [y] is where castling puts the man [MkPiece c r] on [x] from, and a
    square of [X] is one that castling empties or fills (Frozen.v's
    [castle_shut]). *)
Definition castle_blocked (X : int -> bool) (c : color) (r : role) (x y : int) : Prop :=
  In y (castle_exit c r x) /\
  exists q, In q all_squares /\ X q = true /\ In q (castle_squares c (castle_side_at c x)).

(** Every pair of squares [K] cuts for a man [MkPiece c r] is a column of
    another kind of man, or the second square is guarded against it, or
    the man is a pawn, the second square diagonally behind the first, and
    [c] never captured onto the first, or the step un-castles a castling
    that a square of [X] forbids. *)
Definition cut_ok (b : board_fn) (X : int -> bool) (c : color) (r : role) (x y : int) : Prop :=
  (exists cc a s, ~ (cc = c /\ r = Pawn) /\
    ((x = a /\ y = s) \/ (x = s /\ y = a)) /\ column b X cc a s) \/ guard b X c r y \/
    (r = Pawn /\ In y (pawn_attacks (opp c) x) /\ capture_free_on b c x) \/ castle_blocked X c r x y.

Definition cuts_ok (b : board_fn) (X : int -> bool) (K : int -> int -> bool) (c : color) (r : role) :
    Prop :=
  forall x y, K x y = true -> cut_ok b X c r x y.

(** Every pair of squares [K] cuts is cut for a reason of [cuts_ok], or
    its second square is one of [ys]: in a region walk the squares of the
    kings and rooks of the castling rights a position asserts, whose men
    stood there all game ([right_squares]; [Hys] below). *)
Definition rcuts_ok (b : board_fn) (X : int -> bool) (ys : list int) (K : int -> int -> bool)
    (c : color) (r : role) : Prop :=
  forall x y, K x y = true -> In y ys \/ cut_ok b X c r x y.

Lemma cuts_rcuts : forall b X ys K c r, cuts_ok b X K c r -> rcuts_ok b X ys K c r.
Proof. intros b X ys K c r H x y E. right. exact (H x y E). Qed.

Arguments cuts_rcuts {b X} ys {K c r}.

(** A move from [Q] that took a man of the other side from [v] (a bishop:
    of [x]'s square colour), leaving the squares [D] it changed empty or
    with a pawn of [c]: after it the other side has lost a pawn, or has
    fewer than its initial men of another kind (with 8 pawns it had no
    more before), so [c] may capture on [x]'s colour. *)
Lemma capture_not_free : forall Q (b' : board_fn) c D v o x, inv Q = true ->
  NoDup D -> incl D all_squares -> In v D ->
  (forall s, In s all_squares -> ~ In s D -> b' s = piece_at Q s) ->
  (forall s, In s D -> b' s = None \/ b' s = Some (MkPiece c Pawn)) ->
  piece_at Q v = Some (MkPiece (opp c) o) -> o <> King -> (o = Bishop -> is_light v = is_light x) ->
  ~ capture_free_on b' c x.
Proof.
  intros Q b' c D v o x Hinv Hnd Hincl Hvd Hsame Hafter Hv Hk Hbl (EP & EN & ER & EQ & EB).
  set (b := piece_at Q) in *.
  destruct (side_ok_inv Q (opp c) Hinv) as (_ & Hp8 & Hsum). fold b in Hp8, Hsum.
  assert (H : forall g, (cnt b' (opp c) g + ind (opp c) g v (b v) <= cnt b (opp c) g)%nat).
  { intros g. apply (cnt_drop b b' D (opp c) g v Hnd Hincl Hvd Hsame).
    intros s Hs. destruct (Hafter s Hs) as [E|E]; rewrite E; [reflexivity | apply ind_other]. }
  pose proof (H TPawn) as HP. pose proof (H TKnight) as HN. pose proof (H TRook) as HR.
  pose proof (H TQueen) as HQ. pose proof (H TLight) as HL. pose proof (H TDark) as HD.
  rewrite Hv in HP, HN, HR, HQ, HL, HD. unfold ind, tagged in HP, HN, HR, HQ, HL, HD.
  assert (Ec : color_eqb (piece_color (MkPiece (opp c) o)) (opp c) = true) by (destruct c; reflexivity).
  rewrite Ec in HP, HN, HR, HQ, HL, HD.
  destruct o; simpl in HP, HN, HR, HQ, HL, HD; try lia; [|contradiction].
  rewrite <- (Hbl eq_refl) in EB. destruct (is_light v); cbv beta iota in EB; simpl in HL, HD; lia.
Qed.

Definition region_last (c : color) (r : role) (R : int -> bool) : Prop :=
  forall s, In s all_squares -> R s = true -> promotable r = true -> (relative_rank c s =? 7) = false.

Definition region_homeless (c : color) (r : role) (R : int -> bool) : Prop :=
  forall s, In s all_squares -> R s = true -> piece_at initial s <> Some (MkPiece c r).

Lemma rays_in : forall d f r, In f all_squares -> In d (slider_dirs r) -> incl (ray d f) all_squares.
Proof.
  intros d f r Hf Hd. apply sub_squares_incl.
  assert (H : forallb (fun f => forallb (fun r => forallb (fun d => sub_squares (ray d f))
                                  (slider_dirs r)) all_roles) all_squares = true)
    by (vm_compute; reflexivity).
  pose proof (forall_squares _ H f Hf) as H'. cbv beta in H'. forallb_at H' (in_all_roles r).
  exact (forallb_in H' Hd).
Qed.

(** A pawn's step forward is not one of its captures. *)
Lemma step_not_capture : forall c f, In f all_squares -> ~ In f (pawn_attacks (opp c) (pawn_step c f)).
Proof.
  intros c f Hf Hin.
  assert (E : forallb (fun f => negb (inb f (pawn_attacks (opp c) (pawn_step c f)))) all_squares = true)
    by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ E f Hf) as E'. cbv beta in E'. rewrite (in_inb _ _ Hin) in E'. discriminate.
Qed.

Section RegionStep.

Context (Q P : position) (m : move) (X : int -> bool) (K : int -> int -> bool) (c : color)
  (r : role) (R : int -> bool) (ys : list int).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HX : closed_set (piece_at P) X)
  (HR : region_closed X K c r R) (HK : rcuts_ok (piece_at P) X ys K c r) (Hlast : region_last c r R)
  (Hg : exists h, game h Q) (Hys : forall y, In y ys -> piece_at P y <> None).

Let b := piece_at Q.
Let b' := piece_at P.

Lemma free_after : forall e, In e all_squares -> b' e = None -> X e = false.
Proof.
  intros e He Hn. destruct (X e) eqn:Ex; [|reflexivity].
  exfalso. exact (occupied P X HX e He Ex Hn).
Qed.

Lemma free_before : forall e, In e all_squares -> b e = None -> X e = false.
Proof.
  intros e He Hn. destruct (X e) eqn:Ex; [|reflexivity]. exfalso.
  apply (occupied P X HX e He Ex).
  rewrite <- (frozen_step_keeps Q P m X Hl HQ HX Hg e He Ex). exact Hn.
Qed.

(** No move crosses a column, and no king comes from a guarded square:
    two squares each empty after the move or holding the man [MkPiece c r]
    are not cut, if a king stood on the second before the move, and a
    castling the move may be left the squares it empties or fills free of
    [X]. *)
Lemma no_cut : forall x y, (b' x = None \/ b' x = Some (MkPiece c r)) -> b' y = None ->
  (r = King -> In y all_squares /\ b y = Some (MkPiece c King)) ->
  (r = Pawn -> In y (pawn_attacks (opp c) x) -> ~ capture_free_on b' c x) ->
  (In y (castle_exit c r x) -> forall q, In q all_squares -> In q (castle_squares c (castle_side_at c x)) ->
   X q = false) -> K x y = false.
Proof.
  intros x y Hx Hy Hking Hcap Hcs. destruct (K x y) eqn:E; [|reflexivity]. exfalso.
  destruct (HK x y E) as [Hin|HK'].
  { exact (Hys y Hin Hy). }
  destruct HK' as [(cc & a & s & Hne & Hxy & (_ & _ & Hcol & _ & _))|
                          [(Hr & o & rf & Ho & HXo & Hbo & Hf)|[(Hr & Hy' & Hfree)|(Hc & q & Hq & HXq & Hin)]]].
  4:{ rewrite (Hcs Hc q Hq Hin) in HXq. discriminate. }
  3:{ exact (Hcap Hr Hy' Hfree). }
  2:{ destruct (Hking Hr) as (Hy' & Hby). destruct Hg as (h & Hgame).
      assert (E' : forall z, In z all_squares -> X z = true -> b z = b' z)
        by exact (frozen_step_keeps Q P m X Hl HQ HX Hg).
      apply (king_safe h Q Hgame X c y o rf); try assumption.
      - apply (closed_transfer b'); [exact HX|]. intros z Hz HXz. apply E'; assumption.
      - rewrite E' by assumption. exact Hbo. }
  assert (Hn : forall z, (b' z = None \/ b' z = Some (MkPiece c r)) -> piece_at P z <> Some (MkPiece cc Pawn)).
  { intros z [Hz|Hz] Hz'; change (piece_at P z) with (b' z) in Hz'; rewrite Hz in Hz'; [discriminate|].
    injection Hz' as E1 E2. apply Hne. split; [symmetry; exact E1 | exact E2]. }
  destruct Hxy as [(-> & ->)|(-> & ->)]; destruct Hcol as [Hc|Hc];
    first [exact (Hn _ Hx Hc) | exact (Hn _ (or_introl Hy) Hc)].
Qed.

(** A slider's origin is reached back from its target through exits over
    empty squares. *)
Lemma slider_back : forall l prev t, r <> King -> r <> Pawn -> incl l all_squares ->
  back_chain c r prev l = true -> reaches b l t = true -> R t = true -> In t all_squares ->
  X prev = false -> b' t = Some (MkPiece c r) -> b' prev = None ->
  (forall x, In x l -> x <> t -> b x = None -> b' x = None) -> R prev = true.
Proof.
  intros l; induction l as [|x l IH]; simpl; intros prev t Hk Hp Hin Hc Hr Ht Hts Hx Hbt Hbp Hmid;
    [discriminate|].
  split_lazy. assert (Hxs : In x all_squares) by (apply Hin; left; reflexivity).
  assert (Hpe : In prev (exits c r x)) by (apply inb_in; assumption).
  assert (Hpx : In prev (region_exits c r x))
    by (apply move_region_exits; [exact Hk | intros Ep; contradiction | exact Hpe]).
  assert (Hcs : In prev (castle_exit c r x) -> forall q, In q all_squares ->
                In q (castle_squares c (castle_side_at c x)) -> X q = false)
    by (intros Hce; contradiction (exits_not_castle c r x prev Hxs Hk Hpe Hce)).
  destruct (x =? t) eqn:Ex.
  - apply eqb_true in Ex. subst x.
    exact (HR t Hts Ht prev Hpx Hx
             (no_cut t prev (or_intror Hbt) Hbp (fun E => False_ind _ (Hk E)) (fun E => False_ind _ (Hp E))
                Hcs)).
  - destruct (b x) eqn:Bx; [discriminate|].
    assert (Hbx : b' x = None) by (apply (Hmid x (or_introl eq_refl)); [apply eqb_false_neq, Ex | exact Bx]).
    assert (HRx : R x = true).
    { apply (IH x t Hk Hp); try assumption.
      - intros y Hy. apply Hin. right. exact Hy.
      - apply free_before; assumption.
      - intros y Hy. apply Hmid. right. exact Hy. }
    exact (HR x Hxs HRx prev Hpx Hx
             (no_cut x prev (or_introl Hbx) Hbp (fun E => False_ind _ (Hk E)) (fun E => False_ind _ (Hp E))
                Hcs)).
Qed.

(** A pawn of colour [c] was promoted on [s]: [s] gained the man, on the
    last rank, a pawn left a square, and every other square the move
    changed it left empty. *)
Definition promoted_on (c : color) (r : role) (s : int) : Prop :=
  b s <> Some (MkPiece c r) /\ (relative_rank c s =? 7) = true /\ promotable r = true /\
  (exists f, In f all_squares /\ b f = Some (MkPiece c Pawn) /\ b' f = None) /\
  (forall x, In x all_squares -> x <> s -> b' x = None \/ b' x = b x).

(** The man on a square of [R] after the move stood on a square of [R]
    before it: the same square, or one the move left empty; or it was
    promoted there. *)
Theorem region_step_or_held : forall s, In s all_squares -> R s = true -> b' s = Some (MkPiece c r) ->
  (exists s', In s' all_squares /\ R s' = true /\ b s' = Some (MkPiece c r) /\
             (s' = s \/ b' s' = None)) \/ promoted_on c r s.
Proof using Q P m X K c r R ys Hl HQ HX HR HK Hg Hys.
  intros s Hs HRs Hb's. clear Hlast. pose proof no_cut as NC.
  pose proof (ep_inv_of Q HQ) as Hep.
  pose proof Hl as (Hps & _). unfold pseudo_legal in Hps. destruct Hps as (_ & _ & Hps).
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk, Hps. set (us := turn Q) in *. set (f := mv_from m) in *. set (t := mv_to m) in *.
  (* an exit of [t] the move leaves empty (after it) is in [R] *)
  assert (Hback : forall e, R t = true -> b' t = Some (MkPiece c r) -> In e (region_exits c r t) ->
            In e all_squares -> b' e = None -> b e = Some (MkPiece c r) ->
            (r = Pawn -> In e (pawn_attacks (opp c) t) -> ~ capture_free_on b' c t) ->
            (In e (castle_exit c r t) -> forall q, In q all_squares ->
             In q (castle_squares c (castle_side_at c t)) -> X q = false) -> R e = true)
    by (intros e HRt Hbt He Hes Hn Hbe Hcap Hcs;
        exact (HR t Ht HRt e He (free_after e Hes Hn)
                 (NC t e (or_intror Hbt) Hn
                    (fun E => conj Hes (eq_ind r (fun r0 => b e = Some (MkPiece c r0)) Hbe King E)) Hcap Hcs))).
  (* a pawn or knight has no castling to undo *)
  assert (Hnone : forall r' e x, r' <> King -> r' <> Rook -> In e (castle_exit c r' x) -> False)
    by (intros r' e x Hk' Hr' He; destruct r'; simpl in He; congruence || exact He).
  shape_inv Hk.
  - clear Hr7.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst]; [|left; exists s; rewrite <- Hsame by assumption; auto].
    rewrite Hb't in Hb's. injection Hb's as -> ->.
    left. exists f. split; [exact Hf|]. split; [|split; [exact Hbf | right; exact Hb'f]].
    assert (Hsl : r <> King -> r <> Pawn ->
              (exists d, In d (slider_dirs r) /\ reaches b (ray d f) t = true) -> R f = true).
    { intros Hk Hp (d & Hd & Hr).
      apply (slider_back (ray d f) f t); try assumption.
      all: first
        [ apply (rays_in d f r Hf Hd)
        | apply back_chain_rays; assumption
        | apply free_after; assumption
        | congruence
        | intros x Hx Hxt Hbx; rewrite Hsame;
          [exact Hbx | exact (rays_in d f r Hf Hd x Hx) | intros ->; congruence | exact Hxt] ]. }
    destruct r.
    + (* pawn *)
      assert (Hrf : rank_ok f = true) by (apply (pawns_ok_inv Q HQ f c); assumption).
      destruct (pawn_not_seed c f Hf Hrf) as [NS1 NS2].
      destruct Hmm as [(Et & _)|[(Er & Et & Hbe & _)|(Et & Hocc)]].
      * apply eqb_true in Et.
        apply Hback; [exact HRs | congruence | |exact Hf|exact Hb'f|exact Hbf
                     |intros _ Hin _; rewrite Et in Hin; exact (step_not_capture _ f Hf Hin)
                     |intros Hc; contradiction (Hnone Pawn f t ltac:(discriminate) ltac:(discriminate) Hc)].
        rewrite Et in Ht |- *.
        apply move_region_exits; [discriminate | intros _; exact (NS1 Ht) | apply pawn_step_exit; assumption].
      * apply eqb_true in Et.
        destruct (pawn_double_exit c f Hf Er) as (He & Het & Hef & Hs2). rewrite <- Et in He, Hs2.
        set (e := pawn_step c f) in *.
        assert (Hes : In e all_squares) by (apply (exits_in c Pawn t Ht), He).
        assert (Hb'e : b' e = None)
          by (rewrite Hsame; [exact Hbe | exact Hes | exact Hef | intros E'; congruence]).
        assert (HRe : R e = true).
        { apply (HR t Ht HRs e);
            [| apply free_before; assumption
             | apply NC; [right; congruence | exact Hb'e | discriminate
                         |intros _ Hin _; rewrite Et in Hin; exact (step_not_capture _ e Hes Hin)
                         |intros Hc; contradiction (Hnone Pawn e t ltac:(discriminate) ltac:(discriminate) Hc)]].
          apply move_region_exits; [discriminate | intros _; exact Hs2 | exact He]. }
        apply (HR e Hes HRe f);
          [| apply free_after; assumption
           | apply NC; [left; exact Hb'e | exact Hb'f | discriminate
                       |intros _ Hin _; exact (step_not_capture _ f Hf Hin)
                       |intros Hc; contradiction (Hnone Pawn f e ltac:(discriminate) ltac:(discriminate) Hc)]].
        apply move_region_exits; [discriminate | intros _; exact (NS1 Hes) | apply pawn_step_exit; assumption].
      * apply inb_in in Et.
        apply Hback; [exact HRs | congruence | |exact Hf|exact Hb'f|exact Hbf|
                     |intros Hc; contradiction (Hnone Pawn f t ltac:(discriminate) ltac:(discriminate) Hc)].
        -- apply move_region_exits; [discriminate | intros _; exact (NS2 t Et) | apply pawn_capture_exit; assumption].
        -- intros _ _. destruct (target_cases b _ t Htg) as [E|(o & Eo & Ho)]; [contradiction (Hocc E)|].
           apply (capture_not_free Q b' _ [f; t] t o t HQ); auto.
           ++ apply NoDup2; auto.
           ++ apply incl_list; simpl; intros x [<-|[<-|[]]]; auto.
           ++ simpl; auto.
           ++ intros x Hx Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
           ++ intros x [<-|[<-|[]]]; [left; exact Hb'f | right; exact Hb't].
    + (* knight *)
      apply inb_in in Hmm. apply Hback; [exact HRs | congruence | |exact Hf|exact Hb'f|exact Hbf|discriminate
                                        |intros Hc; contradiction (Hnone Knight f t ltac:(discriminate) ltac:(discriminate) Hc)].
      apply move_region_exits; [discriminate | discriminate | apply knight_exit; assumption].
    + apply Hsl; [discriminate | discriminate | exact Hmm].
    + apply Hsl; [discriminate | discriminate | exact Hmm].
    + apply Hsl; [discriminate | discriminate | exact Hmm].
    + (* king *)
      apply Hback; [exact HRs | congruence | apply king_region_exit; assumption | exact Hf | exact Hb'f | exact Hbf
                   | discriminate | intros Hc; exact (False_ind _ (king_not_castle _ f t Hf Hmm Hc))].
  - clear Hft.
    destruct Hps as (r' & Hpr & _ & _ & H7 & _).
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst]; [|left; exists s; rewrite <- Hsame by assumption; auto].
    right. rewrite Hb't in Hb's. injection Hb's as -> ->.
    assert (Hp : promotable r = true) by (destruct r; simpl in Hr; intuition discriminate).
    split; [eapply target_ok_not_own; eassumption|].
    split; [exact H7|]. split; [exact Hp|]. split; [exists f; auto|].
    intros x Hx Hxt. destruct (Uint63.eqs x f) as [->|Hxf]; [left; exact Hb'f|].
    right. apply Hsame; assumption.
  - destruct Hps as (_ & _ & _ & Hatt & _).
    clear Hrt Hbt.
    destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
    destruct (Uint63.eqs s (ep_victim us t)) as [->|Hsv]; [congruence|].
    destruct (Uint63.eqs s t) as [->|Hst]; [|left; exists s; rewrite <- Hsame by assumption; auto].
    rewrite Hb't in Hb's. injection Hb's as Ec Erp. subst r c.
    left. exists f. split; [exact Hf|]. split; [|split; [exact Hbf | right; exact Hb'f]].
    apply inb_in in Hatt.
    assert (Hrf : rank_ok f = true) by (apply (pawns_ok_inv Q HQ f us); assumption).
    apply Hback; [exact HRs | congruence | |exact Hf|exact Hb'f|exact Hbf|
                 |intros Hc; contradiction (Hnone Pawn f t ltac:(discriminate) ltac:(discriminate) Hc)].
    + apply move_region_exits; [discriminate | intros _; exact (proj2 (pawn_not_seed us f Hf Hrf) t Hatt) |].
      apply pawn_capture_exit; assumption.
    + intros _ _. apply (capture_not_free Q b' _ [f; t; ep_victim us t] (ep_victim us t) Pawn t HQ); auto; try discriminate.
      * apply NoDup3; auto.
      * apply incl_list; simpl; intros x [<-|[<-|[<-|[]]]]; auto.
      * simpl; auto.
      * intros x Hx Hn. apply Hsame; auto; intros ->; simpl in Hn; tauto.
      * intros x [<-|[<-|[<-|[]]]]; [left; exact Hb'f | right; exact Hb't | left; exact Hb'v].
  - clear Hcr Hnd.
    destruct (castle_region_exits us side) as (Ek & Er).
    (* castling empties or fills each of its squares: none is frozen *)
    assert (Hfree : forall q, In q all_squares -> In q (castle_squares us side) -> X q = false).
    { intros q Hq Hqin. destruct (X q) eqn:Xq; [|reflexivity]. exfalso.
      apply (occupied P X HX q Hq Xq).
      assert (Hkeep : b q = b' q) by exact (frozen_step_keeps Q P m X Hl HQ HX Hg q Hq Xq).
      unfold castle_squares in Hqin. rewrite <- Hfk, <- Htk in Hqin.
      destruct Hqin as [<-|[<-|[<-|[<-|[]]]]];
        [exact Hb'f | exact (eq_trans (eq_sym Hkeep) Hbt) | exact Hb'r | exact (eq_trans (eq_sym Hkeep) Hbrt)]. }
    destruct (in_dec Uint63.eqs s [f; t; castle_rook_from us side; castle_rook_to us side])
      as [Hin|Hn]; [|left; exists s; rewrite <- Hsame by assumption; auto].
    simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; try congruence.
    + rewrite Hb't in Hb's. injection Hb's as Ec Erp. subst r c.
      left. exists f. split; [exact Hf|]. split; [|split; [exact Hbf | right; exact Hb'f]].
      apply Hback; [exact HRs | congruence | | exact Hf | exact Hb'f | exact Hbf | discriminate
                   | intros _ q Hq Hqin; rewrite Htk, castle_side_at_king in Hqin; exact (Hfree q Hq Hqin)].
      rewrite Hfk, Htk. exact Ek.
    + rewrite Hb'rt in Hb's. injection Hb's as Ec Erp. subst r c.
      assert (Hrf : In (castle_rook_from us side) all_squares) by (apply Hincl; simpl; tauto).
      left. exists (castle_rook_from us side). split; [exact Hrf|]. split; [|split; [exact Hbr | right; exact Hb'r]].
      exact (HR _ Hs HRs _ Er (free_after _ Hrf Hb'r)
               (NC _ _ (or_intror Hb'rt) Hb'r ltac:(discriminate) ltac:(discriminate)
                   ltac:(intros _ q Hq Hqin; rewrite castle_side_at_rook in Hqin; exact (Hfree q Hq Hqin)))).
Qed.

Theorem region_step_held : forall s, In s all_squares -> R s = true -> b' s = Some (MkPiece c r) ->
  exists s', In s' all_squares /\ R s' = true /\ b s' = Some (MkPiece c r) /\
             (s' = s \/ b' s' = None).
Proof.
  intros s Hs HRs Hb. destruct (region_step_or_held s Hs HRs Hb) as [H|(_ & H7 & Hp & _)]; [exact H|].
  rewrite (Hlast s Hs HRs Hp) in H7. discriminate.
Qed.

End RegionStep.

Arguments region_step_or_held : clear implicits.
Arguments region_step_held : clear implicits.

(** [region_step_or_held] and [region_step_held] with the cuts of
    [cuts_ok] alone (no squares held by castling rights), as
    RegionCountproof.v and PawnCapturesproof.v use them. *)
Theorem region_step_or : forall Q P m X K c r R, legal_move Q m P -> inv Q = true ->
  closed_set (piece_at P) X -> region_closed X K c r R -> cuts_ok (piece_at P) X K c r ->
  (exists h, game h Q) ->
  forall s, In s all_squares -> R s = true -> piece_at P s = Some (MkPiece c r) ->
  (exists s', In s' all_squares /\ R s' = true /\ piece_at Q s' = Some (MkPiece c r) /\
             (s' = s \/ piece_at P s' = None)) \/ promoted_on Q P c r s.
Proof.
  intros Q P m X K c r R Hl HQ HX HR HK Hg.
  exact (region_step_or_held Q P m X K c r R [] Hl HQ HX HR (cuts_rcuts [] HK) Hg
           (fun y H => False_ind _ H)).
Qed.

Theorem region_step : forall Q P m X K c r R, legal_move Q m P -> inv Q = true ->
  closed_set (piece_at P) X -> region_closed X K c r R -> cuts_ok (piece_at P) X K c r ->
  region_last c r R -> (exists h, game h Q) ->
  forall s, In s all_squares -> R s = true -> piece_at P s = Some (MkPiece c r) ->
  exists s', In s' all_squares /\ R s' = true /\ piece_at Q s' = Some (MkPiece c r) /\
             (s' = s \/ piece_at P s' = None).
Proof.
  intros Q P m X K c r R Hl HQ HX HR HK Hlast Hg.
  exact (region_step_held Q P m X K c r R [] Hl HQ HX HR (cuts_rcuts [] HK) Hlast Hg
           (fun y H => False_ind _ H)).
Qed.

(** ** Columns along the game

    [column_back]: a column after a legal move was one before it.  If the
    pawn of [cc] is on [s] after the move and was not before, it arrived
    from an exit of [s] (a step or a capture; a double step would pass
    over [a] from the first rank), which is [a] or a frozen square, and a
    frozen square is never left.  If it is on [a], it was there before: no
    pawn move ends on its own second rank. *)

Lemma rank_step : forall c f, In f all_squares -> (relative_rank c f =? 1) = true ->
  (relative_rank c (pawn_step c f) =? 1) = false.
Proof.
  intros c f Hf H1.
  assert (E : forallb (fun f => negb (relative_rank c f =? 1) |||
                                negb (relative_rank c (pawn_step c f) =? 1)) all_squares = true)
    by (destruct c; vm_compute; reflexivity).
  pose proof (forall_squares _ E f Hf) as E'. cbv beta in E'. rewrite H1 in E'.
  destruct (relative_rank c (pawn_step c f) =? 1); [vm_compute in E'; discriminate E' | reflexivity].
Qed.

Section ColumnStep.

Context (Q P : position) (m : move) (X : int -> bool).
Context (Hl : legal_move Q m P) (HQ : inv Q = true) (HX : closed_set (piece_at P) X).

Let b := piece_at Q.
Let b' := piece_at P.

Lemma column_back : forall cc a s, column b' X cc a s -> column b X cc a s.
Proof.
  intros cc a s (Ha & Hs & Hcol & Hra & Hex). split; [exact Ha|]. split; [exact Hs|].
  split; [|split; assumption].
  (* an exit of [s] the move leaves empty is [a] *)
  assert (Hexit : forall e, In e (exits cc Pawn s) -> In e all_squares -> b' e = None -> e = a).
  { intros e He Hes Hn. destruct (Hex e He) as [->|Hx]; [reflexivity|].
    exfalso. exact (occupied P X HX e Hes Hx Hn). }
  pose proof (ep_inv_of Q HQ) as Hep.
  pose proof Hl as (Hps & _). unfold pseudo_legal in Hps. destruct Hps as (_ & _ & Hps).
  destruct (step_shape Q m P Hl Hep) as (Hf & Ht & _ & Hk).
  fold b b' in Hk, Hps. set (f := mv_from m) in *. set (t := mv_to m) in *.
  shape_inv Hk.
  - destruct Hcol as [Pa|Ps].
    + left. destruct (Uint63.eqs a f) as [->|Haf]; [congruence|].
      destruct (Uint63.eqs a t) as [->|Hat]; [|rewrite <- Hsame by assumption; exact Pa].
      exfalso. rewrite Hb't in Pa. injection Pa as E1 E2. subst r. rewrite E1 in *.
      destruct (pawn_arrival Q P HQ cc f t Hf Ht Hbf Hmm Hb'f Hsame) as (Hr1 & _).
      rewrite Hra in Hr1. discriminate.
    + destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
      destruct (Uint63.eqs s t) as [->|Hst]; [|right; rewrite <- Hsame by assumption; exact Ps].
      left. rewrite Hb't in Ps. injection Ps as E1 E2. subst r. rewrite E1 in *.
      destruct Hmm as [(Et & _)|[(Er & Et & Hbe & _)|(Et & _)]].
      * apply eqb_true in Et. rewrite <- (Hexit f); [exact Hbf| |exact Hf|exact Hb'f].
        rewrite Et. apply pawn_step_exit; [exact Hf|]. rewrite <- Et. exact Ht.
      * exfalso. apply eqb_true in Et.
        destruct (pawn_double_exit cc f Hf Er) as (He & Het & Hef & _). rewrite <- Et in He.
        assert (Hes : In (pawn_step cc f) all_squares) by (apply (exits_in cc Pawn t Ht), He).
        assert (Ea : pawn_step cc f = a).
        { apply Hexit; [exact He | exact Hes|]. rewrite Hsame; [exact Hbe | exact Hes | exact Hef |].
          intros E'. rewrite E' in Et. congruence. }
        rewrite <- Ea, (rank_step cc f Hf Er) in Hra. discriminate.
      * apply inb_in in Et. rewrite <- (Hexit f); [exact Hbf| |exact Hf|exact Hb'f].
        apply pawn_capture_exit; assumption.
  - destruct Hcol as [Pa|Ps].
    + left. destruct (Uint63.eqs a f) as [->|Haf]; [congruence|].
      destruct (Uint63.eqs a t) as [->|Hat]; [|rewrite <- Hsame by assumption; exact Pa].
      exfalso. rewrite Hb't in Pa. injection Pa as E1 E2. subst r. destruct Hr as [|[|[|[|[]]]]]; discriminate.
    + right. destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
      destruct (Uint63.eqs s t) as [->|Hst]; [|rewrite <- Hsame by assumption; exact Ps].
      exfalso. rewrite Hb't in Ps. injection Ps as E1 E2. subst r. destruct Hr as [|[|[|[|[]]]]]; discriminate.
  - destruct Hps as (_ & _ & _ & Hatt & _). apply inb_in in Hatt.
    assert (Hrf : rank_ok f = true) by (apply (pawns_ok_inv Q HQ f (turn Q)); assumption).
    destruct Hcol as [Pa|Ps].
    + left. destruct (Uint63.eqs a f) as [->|Haf]; [congruence|].
      destruct (Uint63.eqs a (ep_victim (turn Q) t)) as [->|Hav]; [congruence|].
      destruct (Uint63.eqs a t) as [->|Hat]; [|rewrite <- Hsame by assumption; exact Pa].
      exfalso. rewrite Hb't in Pa. injection Pa as E1. rewrite E1 in Hatt, Hbf.
      rewrite (proj2 (pawn_not_seed cc f Hf Hrf) t Hatt) in Hra. discriminate.
    + destruct (Uint63.eqs s f) as [->|Hsf]; [congruence|].
      destruct (Uint63.eqs s (ep_victim (turn Q) t)) as [->|Hsv]; [congruence|].
      destruct (Uint63.eqs s t) as [->|Hst]; [|right; rewrite <- Hsame by assumption; exact Ps].
      left. rewrite Hb't in Ps. injection Ps as E1. rewrite E1 in Hatt, Hbf.
      rewrite <- (Hexit f); [exact Hbf| |exact Hf|exact Hb'f].
      apply pawn_capture_exit; assumption.
  - assert (Hout : forall x, In x all_squares -> b' x = Some (MkPiece cc Pawn) -> b x = b' x).
    { intros x Hx Hb. destruct (in_dec Uint63.eqs x [f; t; castle_rook_from (turn Q) side; castle_rook_to (turn Q) side])
        as [Hin|Hn]; [|symmetry; apply Hsame; assumption].
      exfalso. simpl in Hin. destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; congruence. }
    destruct Hcol as [Pa|Ps]; [left|right]; rewrite Hout; assumption.
Qed.

End ColumnStep.

(** A side with 8 pawns after a move had them before (a side never has
    more), and then its other men too: it did not promote, and its counts
    only fell, from at most the initial ones. *)
Lemma capture_free_back : forall Q m P c x, legal_move Q m P -> inv Q = true ->
  capture_free_on (piece_at P) c x -> capture_free_on (piece_at Q) c x.
Proof.
  intros Q m P c x Hl HQ (EP & EN & ER & EQ & EB).
  pose proof (ep_inv_of Q HQ) as Hep.
  destruct (side_ok_inv Q (opp c) HQ) as (_ & Hp8 & Hsum).
  destruct (count_step Q m P Hl Hep) as (Hopp & _ & _ & _ & Hus).
  assert (Hle : forall g, (cnt (piece_at P) (opp c) g <= cnt (piece_at Q) (opp c) g)%nat).
  { intros g. destruct (color_eqb c (turn Q)) eqn:Ec.
    - apply color_eqb_eq in Ec. rewrite Ec. apply Hopp.
    - assert (Eo : opp c = turn Q) by (destruct c, (turn Q); simpl in Ec |- *; congruence).
      rewrite Eo in *. destruct Hus as [Hus|(r' & s' & _ & Hp & _)]; [rewrite Hus; apply le_n|].
      exfalso. lia. }
  pose proof (Hle TPawn). pose proof (Hle TKnight). pose proof (Hle TRook). pose proof (Hle TQueen).
  pose proof (Hle TLight). pose proof (Hle TDark).
  unfold capture_free_on. destruct (is_light x); cbv beta iota in EB |- *; lia.
Qed.

Lemma cut_back : forall Q m P X c r x y, legal_move Q m P -> inv Q = true -> (exists h, game h Q) ->
  closed_set (piece_at P) X -> cut_ok (piece_at P) X c r x y -> cut_ok (piece_at Q) X c r x y.
Proof.
  intros Q m P X c r x y Hl HQ Hg HX HK.
  destruct HK as [(cc & a & s & Hne & Hxy & Hcol)|[(Hr & o & rf & Ho & HXo & Hbo & Hf)|[(Hr & Hy & Hfree)|Hc]]].
  - left. exists cc, a, s.
    split; [exact Hne|]. split; [exact Hxy|]. exact (column_back Q P m X Hl HQ HX cc a s Hcol).
  - right. left. split; [exact Hr|]. exists o, rf. split; [exact Ho|]. split; [exact HXo|]. split; [|exact Hf].
    rewrite (frozen_step_keeps Q P m X Hl HQ HX Hg o Ho HXo). exact Hbo.
  - right. right. left. exact (conj Hr (conj Hy (capture_free_back Q m P c x Hl HQ Hfree))).
  - right. right. right. exact Hc.
Qed.

Lemma cuts_back : forall Q m P X K c r, legal_move Q m P -> inv Q = true -> (exists h, game h Q) ->
  closed_set (piece_at P) X -> cuts_ok (piece_at P) X K c r -> cuts_ok (piece_at Q) X K c r.
Proof.
  intros Q m P X K c r Hl HQ Hg HX HK x y E. exact (cut_back Q m P X c r x y Hl HQ Hg HX (HK x y E)).
Qed.

Lemma rcuts_back : forall Q m P X ys K c r, legal_move Q m P -> inv Q = true -> (exists h, game h Q) ->
  closed_set (piece_at P) X -> rcuts_ok (piece_at P) X ys K c r -> rcuts_ok (piece_at Q) X ys K c r.
Proof.
  intros Q m P X ys K c r Hl HQ Hg HX HK x y E.
  destruct (HK x y E) as [H|H]; [left; exact H | right; exact (cut_back Q m P X c r x y Hl HQ Hg HX H)].
Qed.

(** ** Castling rights held all game

    A right a position holds was held before its last move (a move only
    takes rights away, Game.v), and while it holds, its king and rook stand
    on their squares ([castling_inv]). *)

Lemma rights_back : forall G m G' Rs, game_step G m G' ->
  (forall cs, In cs Rs -> castling_right G' (fst cs) (snd cs) = true) ->
  forall cs, In cs Rs -> castling_right G (fst cs) (snd cs) = true.
Proof.
  intros G m G' Rs (_ & Hcr & _) HR cs Hcs. pose proof (HR cs Hcs) as H. rewrite Hcr in H.
  apply andb_true_iff in H as [H _]. exact H.
Qed.

Lemma rights_occupied : forall P Rs, inv P = true ->
  (forall cs, In cs Rs -> castling_right P (fst cs) (snd cs) = true) ->
  forall y, In y (right_squares Rs) -> piece_at P y <> None.
Proof.
  intros P Rs Hi HR y Hy.
  unfold right_squares in Hy. apply in_flat_map in Hy as ((c & side) & Hcs & Hin).
  destruct (inv_elim P Hi) as (_ & _ & _ & Hc & _).
  unfold castling_inv in Hc.
  assert (Hcs' : In (c, side) castling_sides) by (destruct c, side; simpl; tauto).
  forallb_at Hc Hcs'. cbv iota in Hc. pose proof (HR _ Hcs) as Hr'. simpl in Hr'.
  rewrite Hr' in Hc. cbn [negb] in Hc.
  apply lazy_and_true in Hc as [Hk Hro]. apply opiece_eqb_eq in Hk, Hro.
  simpl in Hin. destruct Hin as [<-|[<-|[]]]; [rewrite Hk | rewrite Hro]; discriminate.
Qed.

(** A game position realizing [P] holds every right [P] asserts. *)
Lemma asserted_held : forall G P, realizes G P ->
  forall cs, In cs (asserted P) -> castling_right G (fst cs) (snd cs) = true.
Proof.
  intros G P (_ & _ & Hrights & _) cs Hcs. unfold asserted in Hcs.
  apply filter_In in Hcs as (_ & H). apply Hrights, H.
Qed.

Theorem region_game : forall h G, game h G -> forall X K c r R Rs,
  closed_set (piece_at G) X -> (forall cs, In cs Rs -> castling_right G (fst cs) (snd cs) = true) ->
  region_closed X K c r R -> rcuts_ok (piece_at G) X (right_squares Rs) K c r ->
  region_last c r R -> region_homeless c r R ->
  forall s, In s all_squares -> R s = true -> piece_at G s <> Some (MkPiece c r).
Proof.
  intros h G Hg. induction Hg as [|h G m G' Hg IH Hst];
    intros X K c r R Rs HX HRs HR HK Hlast Hhome s Hs HRs' Hb; [exact (Hhome s Hs HRs' Hb)|].
  pose proof (rights_back G m G' Rs Hst HRs) as HRG.
  pose proof (rights_occupied G' Rs (inv_game _ G' (game_next h G m G' Hg Hst)) HRs) as Hys.
  destruct Hst as (Hl & _). apply legal_move_iff in Hl.
  pose proof (inv_game h G Hg) as Hi.
  destruct (region_step_held G G' m X K c r R (right_squares Rs) Hl Hi HX HR HK Hlast (ex_intro _ h Hg)
              Hys s Hs HRs' Hb)
    as (s' & Hs' & HRs'' & Hb' & _).
  assert (HXG : closed_set (piece_at G) X).
  { apply (closed_transfer (piece_at G')); [exact HX|].
    intros x Hx HXx. exact (frozen_step_keeps G G' m X Hl Hi HX (ex_intro _ h Hg) x Hx HXx). }
  exact (IH X K c r R Rs HXG HRG HR (rcuts_back G m G' X _ K c r Hl Hi (ex_intro _ h Hg) HX HK) Hlast
           Hhome s' Hs' HRs'' Hb').
Qed.

(** The validation of Frozen.v means what it says. *)
Lemma region_ok_spec : forall X K c r R, region_ok X K c r R = true ->
  region_closed (fun s => X.[s]) K c r (fun s => R.[s]) /\ region_last c r (fun s => R.[s]) /\
  region_homeless c r (fun s => R.[s]).
Proof.
  intros X K c r R H.
  assert (H' : forall s, In s all_squares -> R.[s] = true ->
     forallb (fun e => X.[e] ||| K s e ||| R.[e]) (region_exits c r s) = true /\ source c r s = false).
  { intros s Hs HR. pose proof (forall_squares _ H s Hs) as E. cbv beta in E.
    rewrite HR in E. cbn [negb] in E. rewrite region_exits_of_spec in E by exact Hs.
    destruct (forallb _ (region_exits c r s)); [|discriminate].
    split; [reflexivity | apply negb_true_iff, E]. }
  split; [|split].
  - intros s Hs HR e He Hx Hk. destruct (H' s Hs HR) as (E & _).
    forallb_at E He. rewrite Hx, Hk in E. exact E.
  - intros s Hs HR Hp. destruct (H' s Hs HR) as (_ & E). unfold source in E.
    rewrite Hp in E. destruct (opiece_eqb _ _), (relative_rank c s =? 7); try discriminate; reflexivity.
  - intros s Hs HR E'. destruct (H' s Hs HR) as (_ & E). unfold source in E.
    rewrite (proj2 (opiece_eqb_eq _ _) E') in E. discriminate.
Qed.

Lemma cut_ok_ext : forall b b' X c r x y, (forall s, In s all_squares -> b s = b' s) ->
  cut_ok b X c r x y -> cut_ok b' X c r x y.
Proof.
  intros b b' X c r x y Hb HK.
  destruct HK as [(cc & a & s & Hne & Hxy & (Ha & Hs & Hc & Hra & Hex))|
                          [(Hr & o & rf & Ho & HXo & Hbo & Hf)|[(Hr & Hy & Hfree)|Hcb]]];
    [| | |right; right; right; exact Hcb].
  - left. exists cc, a, s. split; [exact Hne|]. split; [exact Hxy|].
    split; [exact Ha|]. split; [exact Hs|]. split; [|split; assumption].
    rewrite <- (Hb a Ha), <- (Hb s Hs). exact Hc.
  - right. left. split; [exact Hr|]. exists o, rf. rewrite <- (Hb o Ho). auto.
  - right. right. left. split; [exact Hr|]. split; [exact Hy|].
    assert (Ec : forall g, cnt b' (opp c) g = cnt b (opp c) g)
      by (intros g; apply cnt_ext; intros s Hs; symmetry; apply Hb, Hs).
    unfold capture_free_on in *. rewrite !Ec. exact Hfree.
Qed.

Lemma cuts_ok_ext : forall b b' X K c r, (forall s, In s all_squares -> b s = b' s) ->
  cuts_ok b X K c r -> cuts_ok b' X K c r.
Proof. intros b b' X K c r Hb HK x y E. exact (cut_ok_ext b b' X c r x y Hb (HK x y E)). Qed.

Arguments cuts_ok_ext b {b' X K c r}.

Lemma rcuts_ok_ext : forall b b' X ys K c r, (forall s, In s all_squares -> b s = b' s) ->
  rcuts_ok b X ys K c r -> rcuts_ok b' X ys K c r.
Proof.
  intros b b' X ys K c r Hb HK x y E.
  destruct (HK x y E) as [H|H]; [left; exact H | right; exact (cut_ok_ext b b' X c r x y Hb H)].
Qed.

Arguments rcuts_ok_ext b {b' X ys K c r}.

(** The columns of Frozen.v are columns. *)
Lemma columns_ok : forall b X c r, cuts_ok b (fun s => X.[s]) (cut (columns b X) c r) c r.
Proof.
  intros b X c r x y E. unfold cut in E. apply existsb_exists in E as ([[cc a] s] & Hin & E).
  apply lazy_and_true in E as (Hne & Hxy).
  unfold columns in Hin. apply in_flat_map in Hin as (s0 & Hs0 & Hin).
  unfold column_at in Hin.
  destruct (b s0) as [[cc' r']|] eqn:Bs; [|simpl in Hin; contradiction].
  destruct r'; try (simpl in Hin; contradiction).
  destruct (relative_rank cc' s0 =? 2) eqn:R2; [|simpl in Hin; contradiction].
  destruct (filter (fun e => negb X.[e]) (exits cc' Pawn s0)) as [|a' [|a'' l]] eqn:F;
    try (simpl in Hin; contradiction).
  destruct (relative_rank cc' a' =? 1) eqn:R1; [|simpl in Hin; contradiction].
  destruct Hin as [Ein|[]]. injection Ein as <- <- <-.
  left. exists cc', a', s0. split; [|split].
  - intros (-> & ->).
    rewrite (proj2 (color_eqb_eq _ _) eq_refl), (proj2 (role_eqb_eq _ _) eq_refl) in Hne.
    discriminate.
  - apply lazy_or_true in Hxy as [H|H]; apply lazy_and_true in H as (H1 & H2);
      apply eqb_true in H1; apply eqb_true in H2; auto.
  - assert (Ha : In a' (exits cc' Pawn s0)).
    { assert (H : In a' (filter (fun e => negb X.[e]) (exits cc' Pawn s0))) by (rewrite F; left; reflexivity).
      apply filter_In in H. exact (proj1 H). }
    split; [exact (exits_in cc' Pawn s0 Hs0 a' Ha)|]. split; [exact Hs0|].
    split; [right; exact Bs|]. split; [exact R1|].
    intros e He. destruct (X.[e]) eqn:Xe; [right; reflexivity|left].
    assert (Hf : In e (filter (fun e => negb X.[e]) (exits cc' Pawn s0)))
      by (apply filter_In; rewrite Xe; auto).
    rewrite F in Hf. destruct Hf as [->|[]]. reflexivity.
Qed.

(** Frozen.v's [guarded_by] means what it says (stated over any list: on
    [members X] the kernel would unfold the list). *)
Lemma guarded_by_spec : forall b xs c y, guarded_by b xs c y = true ->
  exists o rf, In o xs /\ b o = Some (MkPiece (opp c) rf) /\ fixed_attack (opp c) rf o y = true.
Proof.
  intros b xs c y E.
  unfold guarded_by in E. apply existsb_exists in E as (o & Ho & E).
  destruct (b o) as [[c' rf]|] eqn:Bo; [|discriminate].
  apply lazy_and_true in E as (Ec & E). apply color_eqb_eq in Ec. subst c'.
  exists o, rf. auto.
Qed.

(** Frozen.v's [capture_free] means what it says.  (Stated over any board:
    [Material.men] of a concrete board would unfold in the kernel.) *)
Lemma capture_free_spec : forall b c x, free_on (capture_free b c) x = true -> capture_free_on b c x.
Proof.
  intros b c x E. unfold capture_free, free_on in E. cbv zeta in E.
  destruct (Nat.eqb (cnt b (opp c) TPawn) 8) eqn:Ep, (Nat.eqb (cnt b (opp c) TKnight) 2) eqn:En,
    (Nat.eqb (cnt b (opp c) TRook) 2) eqn:Er, (Nat.eqb (cnt b (opp c) TQueen) 1) eqn:Eq;
    cbv beta iota in E; try (destruct (is_light x); discriminate E).
  apply Nat.eqb_eq in Ep, En, Er, Eq.
  unfold capture_free_on. destruct (is_light x); cbv beta iota in E |- *; apply Nat.eqb_eq in E; tauto.
Qed.

(** Frozen.v's [castle_shut] on the frozen squares cuts only castlings
    that never happened. *)
Lemma castle_shut_ok : forall b X c r,
  cuts_ok b (fun s => X.[s]) (castle_shut (members X) c r) c r.
Proof.
  intros b X c r x y E. right. right. right. unfold castle_shut in E.
  apply lazy_and_true in E as (Ey & E). apply existsb_exists in E as (q & Hq & E).
  apply inb_in, members_spec in E as (Hqs & HXq).
  split; [apply inb_in; exact Ey|]. exists q. auto.
Qed.

(** The cuts every walk makes ([kind_cut]): the columns and the castlings
    that never happened. *)
Lemma kind_cut_ok : forall b X c r,
  cuts_ok b (fun s => X.[s]) (kind_cut (columns b X) (members X) c r) c r.
Proof.
  intros b X c r x y E. unfold kind_cut in E. apply lazy_or_true in E as [E|E].
  - exact (columns_ok b X c r x y E).
  - exact (castle_shut_ok b X c r x y E).
Qed.

(** The cuts of a region walk ([region_cut]): those of [kind_cut], and for
    a king the guarded squares, for a pawn the diagonals onto squares its
    side never captured onto, and the steps onto the squares [ys]. *)
Lemma region_cut_ok : forall ys b X c r,
  rcuts_ok b (fun s => X.[s]) ys (region_cut ys b (members X) (columns b X) c r) c r.
Proof.
  intros ys b X c r x y E. unfold region_cut, region_cut_with in E.
  apply lazy_or_true in E as [E|E]; [|left; apply inb_in; exact E]. right.
  apply lazy_or_true in E as [E|E]; [apply lazy_or_true in E as [E|E]|].
  - exact (kind_cut_ok b X c r x y E).
  - right. left. apply lazy_and_true in E as (Er & E). apply role_eqb_eq in Er. split; [exact Er|].
    apply guarded_by_spec in E as (o & rf & Ho & Bo & E).
    apply members_spec in Ho as (Ho & HXo).
    exists o, rf. auto.
  - right. right. left. lazy_inv E as (Er & Ef & Ey).
    apply role_eqb_eq in Er. split; [exact Er|]. split; [apply inb_in; exact Ey|].
    exact (capture_free_spec b c x Ef).
Qed.

Lemma capture_frees_eq : forall b c, capture_frees b c = capture_free b c.
Proof. intros b c. destruct c; reflexivity. Qed.
