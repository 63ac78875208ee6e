;;; symdap-tree.el --- a symdap session's execution tree as an outline  -*- lexical-binding: t; -*-

;; For the Emacs recipe of docs/editors.md.  `M-x symdap-tree' asks the current dap-mode
;; session for `symdap/tree' with `compact' (the view the tree page draws, src/ui/model.ts)
;; and shows it in *symdap tree* as an indented outline, one line per node: the decision
;; that leads to it, its line and kind, its status; an inner node whose paths have all
;; ended shows how they ended.  RET on a node goes to its source line and asks
;; `symdap/focus', so that dap-mode shows a thread standing there.

;;; Code:

(require 'cl-lib)
(require 'dap-mode)
(require 'seq)

(defconst symdap-tree--marks
  '(("completed" . "✓") ("failed" . "✗") ("infeasible" . "⊘") ("bounded" . "⋯")
    ("excluded" . "⊘") ("paused" . "▶") ("live" . "·"))
  "The mark shown before each status.")

(defconst symdap-tree--ended '("failed" "excluded" "bounded" "infeasible" "completed")
  "The statuses of ended paths, the most telling first (the order of a summary).")

(defvar-local symdap-tree--file nil "The program the outline shows.")
(defvar-local symdap-tree--session nil "The dap-mode session the outline came from.")

(defun symdap-tree--index (nodes)
  "Children of each node id (a hash table) and the roots, from NODES' edges.
A join (several incoming edges) is drawn under its first parent and
referred to under the others as (:joins NODE :edge EDGE)."
  (let ((by-id (make-hash-table)) (children (make-hash-table)) roots)
    (seq-doseq (n nodes) (puthash (gethash "id" n) n by-id))
    (seq-doseq (n nodes)
      (let ((edges (append (gethash "in" n) nil)))
        (if (and edges (gethash (gethash "from" (car edges)) by-id))
            (push (list :node n :edge (car edges)) (gethash (gethash "from" (car edges)) children))
          (push (list :node n) roots))
        (dolist (e (cdr edges))
          (when (gethash (gethash "from" e) by-id)
            (push (list :joins n :edge e) (gethash (gethash "from" e) children))))))
    (maphash (lambda (k v) (puthash k (nreverse v) children)) children)
    (cons children (nreverse roots))))

(defun symdap-tree--tally (node children)
  "(COUNTS . OPEN) of NODE given CHILDREN.
COUNTS: the ended leaves under NODE by status; OPEN: whether a path is open."
  (let* ((kids (seq-filter (lambda (c) (plist-get c :node)) (gethash (gethash "id" node) children)))
         (status (gethash "status" node))
         (counts nil) (open nil))
    (if (null kids)
        (if (member status symdap-tree--ended) (push (cons status 1) counts) (setq open t))
      (when (equal status "paused") (setq open t))
      (dolist (c kids)
        (let ((sub (symdap-tree--tally (plist-get c :node) children)))
          (dolist (pair (car sub))
            (let ((cell (assoc (car pair) counts)))
              (if cell (setcdr cell (+ (cdr cell) (cdr pair))) (push (cons (car pair) (cdr pair)) counts))))
          (when (cdr sub) (setq open t)))))
    (cons counts open)))

(defun symdap-tree--summary (counts)
  (mapconcat (lambda (s) (format "%d %s" (cdr (assoc s counts)) s))
             (seq-filter (lambda (s) (assoc s counts)) symdap-tree--ended) ", "))

(defun symdap-tree--status (node tally leaf)
  (let ((status (gethash "status" node)) (note (gethash "note" node)))
    (cond
     ((or leaf (equal status "paused"))
      (concat (cdr (assoc status symdap-tree--marks)) " "
              (if (equal status "live") "running" status)
              (if (and note (not (equal note ""))) (concat ": " note) "")))
     ((cdr tally)
      (let ((ended (symdap-tree--summary (car tally))))
        (concat "· running" (if (equal ended "") "" (format " (ended: %s)" ended)))))
     (t (let ((worst (seq-find (lambda (s) (assoc s (car tally))) symdap-tree--ended)))
          (format "%s ended: %s" (cdr (assoc worst symdap-tree--marks)) (symdap-tree--summary (car tally))))))))

(defun symdap-tree-outline (view)
  "The outline of a `symdap/tree' compact VIEW: a list of (TEXT . NODE).
NODE is nil on lines that show no node."
  (let* ((index (symdap-tree--index (gethash "nodes" view)))
         (children (car index))
         (lines nil))
    (cl-labels
        ((add (entry depth)
              (let* ((pad (make-string (* 2 depth) ?\s))
                     (edge (plist-get entry :edge))
                     (label (if (and edge (gethash "label" edge)) (concat (gethash "label" edge) " → ") "")))
                (if (plist-get entry :joins)
                    (let ((j (plist-get entry :joins)))
                      (push (cons (format "%s%sjoins line %s (drawn above)" pad label (gethash "line" j)) j) lines))
                  (let* ((n (plist-get entry :node))
                         (kids (gethash (gethash "id" n) children))
                         (leaf (not (seq-some (lambda (c) (plist-get c :node)) kids)))
                         (proc (if (= depth 0) (concat (gethash "proc" n) " ") ""))
                         (thread (if (gethash "thread" n) (format "  [thread %s]" (gethash "thread" n)) "")))
                    (push (cons (format "%s%s%sline %s %s — %s%s" pad label proc (gethash "line" n) (gethash "kind" n)
                                        (symdap-tree--status n (symdap-tree--tally n children) leaf) thread)
                                n)
                          lines)
                    (dolist (c kids) (add c (1+ depth))))))))
      (dolist (r (cdr index)) (add r 0)))
    (when (eq (gethash "truncated" view) t)
      (push (cons "(the tree is larger: only its first nodes are shown)" nil) lines))
    (nreverse lines)))

(defvar symdap-tree-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "RET") #'symdap-tree-visit)
    map)
  "Keys of the *symdap tree* buffer.")

(define-derived-mode symdap-tree-mode special-mode "symdap-tree"
  "The execution tree of a symdap session as an outline.  RET: go to the node.")

(defun symdap-tree-visit ()
  "Go to the source line of the node at point and show a thread standing there."
  (interactive)
  (let ((node (get-text-property (line-beginning-position) 'symdap-node))
        (session symdap-tree--session)
        (file symdap-tree--file))
    (unless node (user-error "No tree node on this line"))
    (select-window (or (get-buffer-window (find-file-noselect file)) (next-window)))
    (switch-to-buffer (find-file-noselect file))
    (when (gethash "line" node)
      (goto-char (point-min))
      (forward-line (1- (gethash "line" node))))
    (when (and session (dap--session-running session))
      (dap-request session "symdap/focus" :nodeId (gethash "id" node)))))

;;;###autoload
(defun symdap-tree ()
  "Show the execution tree of the current symdap session as an outline.
The outline is in the buffer *symdap tree*."
  (interactive)
  (let* ((session (or (dap--cur-session) (user-error "No debug session")))
         (view (dap-request session "symdap/tree" :compact t))
         (buffer (get-buffer-create "*symdap tree*")))
    (with-current-buffer buffer
      (symdap-tree-mode)
      (setq symdap-tree--file (gethash "file" view) symdap-tree--session session)
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert (format "symdap tree: %s   (RET: go to the node, q: quit)\n" (file-name-nondirectory (gethash "file" view))))
        (dolist (line (symdap-tree-outline view))
          (insert (propertize (car line) 'symdap-node (cdr line)) "\n")))
      (goto-char (point-min)))
    (pop-to-buffer buffer)))

(provide 'symdap-tree)
;;; symdap-tree.el ends here
