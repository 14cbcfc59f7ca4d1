(** History.v's certificates, checked with [vm_compute].  Census: a
    position with nine white pawns is refuted by the empty certificate
    (its census is not viable); the initial position is refused with the
    empty certificate (its census is viable and not in it) and with its
    own census (the initial state may not be a member).  The census forgets
    where the men stand, so it refutes little beyond the material
    invariant; it is the first instance of [check_history_sound]. *)
From Coq Require Import String List Uint63.
From RetroProof Require Import Board Game History Historyproof.
Open Scope string_scope.

Definition nine_pawns : position := fen "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1".

Lemma nine_pawns_refuted : check_census nine_pawns nil = true.
Proof. vm_compute. reflexivity. Qed.

Lemma nine_pawns_unreachable : ~ reachable nine_pawns.
Proof. exact (check_census_sound nine_pawns nil nine_pawns_refuted). Qed.

Lemma initial_refused_empty : check_census initial nil = false.
Proof. vm_compute. reflexivity. Qed.

Lemma initial_refused_member : check_census initial (census_of initial :: nil) = false.
Proof. vm_compute. reflexivity. Qed.

(** Eight pawns and a second queen: the queen is a promoted pawn, so at
    most seven pawns can be left. *)
Definition two_queens : position := fen "4k3/8/8/8/8/8/PPPPPPPP/3QKQ2 w - - 0 1".

Lemma two_queens_refuted : check_census two_queens nil = true.
Proof. vm_compute. reflexivity. Qed.

(** One queen and eight pawns is viable, and not refuted by the empty set. *)
Lemma one_queen_refused : check_census (fen "4k3/8/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1") nil = false.
Proof. vm_compute. reflexivity. Qed.

(** Pawn files: a doubled white pawn while Black still has all sixteen
    men.  The pawn that reached the a-file took a man on its way, and no
    black man was ever taken; the census alone sees nothing wrong. *)
Definition doubled : position := fen "rnbqkbnr/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w - - 0 1".

Lemma doubled_census_open : check_census doubled nil = false.
Proof. vm_compute. reflexivity. Qed.

Lemma doubled_refuted : check_files doubled (files_of doubled :: nil) = true.
Proof. vm_compute. reflexivity. Qed.

Lemma doubled_unreachable : ~ reachable doubled.
Proof. exact (check_files_sound doubled _ doubled_refuted). Qed.

(** With one black knight missing, the capture is possible: the same set
    is not closed. *)
Definition doubled_capture : position := fen "r1bqkbnr/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w - - 0 1".

Lemma doubled_capture_refused :
  check_files doubled_capture (files_of doubled_capture :: nil) = false.
Proof. vm_compute. reflexivity. Qed.

Lemma initial_files_refused : check_files initial (files_of initial :: nil) = false.
Proof. vm_compute. reflexivity. Qed.
