;;; dap-driver.el --- play a dap-mode user on top of the README's init.el  -*- lexical-binding: t; -*-

;; Used by test/editors/emacs.test.ts, which first loads the README's Emacs recipe verbatim
;; (SYMDAP_RECIPE) and puts a `symdap' command on PATH.  dap-mode is interactive, so this
;; script plays the user: it visits the program (the recipe's `sym-mode' must come up),
;; optionally sets a breakpoint, runs one of the recipe's templates with `dap-debug', waits
;; for each stop by polling the adapter with `accept-process-output', and issues the
;; commands a user would (`dap-next', `dap-continue', `symdap-tree', `dap-disconnect').  It
;; never builds a launch configuration itself: the recipe's template and provider do.
;; Everything it observes goes to a JSON file named by SYMDAP_RESULT.
;;
;; Environment: SYMDAP_RECIPE (the init.el block), SYMDAP_PROGRAM (the .sym file),
;; SYMDAP_TEMPLATE (a template name from the recipe), SYMDAP_BREAKPOINT_LINE (optional),
;; SYMDAP_RESULT (output file), SYMDAP_HEAP (optional: after each stop, also record the
;; rows of the top frame's Heap scope, as a user expanding it in the scopes view would).

(require 'json)   ; for the result file, even when the recipe fails to load

(defvar symdap-events nil "Every DAP event dap-mode received, newest first.")
(defvar symdap-requests nil "The command of every request dap-mode sent, newest first.")
(defvar symdap-errors nil "What dap-mode showed with `lsp--error', newest first.")
(defvar symdap-steps nil "What the driver observed, in order (an alist per step).")

(advice-add 'dap--on-event :before
            (lambda (_session event) (push event symdap-events)))
(advice-add 'dap--send-message :before
            (lambda (message &rest _) (push (plist-get message :command) symdap-requests)))
(advice-add 'lsp--error :before
            (lambda (format &rest args) (push (apply #'format format args) symdap-errors)))

(defun symdap-wait (what predicate &optional seconds)
  "Poll the adapter until PREDICATE holds.
Signal an error naming WHAT after SECONDS (default 30)."
  (let ((deadline (+ (float-time) (or seconds 30))))
    (while (not (funcall predicate))
      (when (> (float-time) deadline)
        (error "Timed out waiting for %s" what))
      (accept-process-output nil 0.05))))

(defun symdap-session ()
  (or (dap--cur-session) (error "No dap-mode session")))

(defun symdap-stopped-p ()
  "Whether a thread is selected and its stack frames have arrived.
dap-mode selects a thread when a `stopped' event comes in."
  (let* ((session (dap--cur-session))
         (thread (and session (dap--debug-session-thread-id session))))
    (and thread (gethash thread (dap--debug-session-thread-stack-frames session)))))

(defun symdap-stop-info ()
  (let* ((session (symdap-session))
         (thread (dap--debug-session-thread-id session))
         (frame (car (gethash thread (dap--debug-session-thread-stack-frames session)))))
    `((thread . ,thread)
      (reason . ,(gethash thread (dap--debug-session-thread-states session)))
      (line . ,(gethash "line" frame)))))

(defun symdap-record (step data)
  (push (cons step data) symdap-steps))

(defun symdap-heap-rows ()
  "The rows of the top frame's Heap scope, as `name = value' strings."
  (let* ((session (symdap-session))
         (thread (dap--debug-session-thread-id session))
         (frame (car (gethash thread (dap--debug-session-thread-stack-frames session))))
         (scopes (gethash "scopes" (dap-request session "scopes" :frameId (gethash "id" frame))))
         (heap (seq-find (lambda (s) (equal (gethash "name" s) "Heap")) scopes)))
    (unless heap (error "No Heap scope"))
    (mapcar (lambda (v) (format "%s = %s" (gethash "name" v) (gethash "value" v)))
            (gethash "variables" (dap-request session "variables"
                                              :variablesReference (gethash "variablesReference" heap))))))

(defun symdap-record-stop (step)
  (symdap-record step (symdap-stop-info))
  (when (getenv "SYMDAP_HEAP")
    (symdap-record (intern (format "%s-heap" step)) `((rows . ,(vconcat (symdap-heap-rows)))))))

(defun symdap-user-step (step command)
  "Run the user COMMAND (a function of the session), wait for the stop, record it as STEP."
  (let ((session (symdap-session)))
    (funcall command session)
    (symdap-wait (format "the stop after %s" step) #'symdap-stopped-p 60)
    (symdap-record-stop step)))

(defun symdap-write-result (error-text)
  (with-temp-file (getenv "SYMDAP_RESULT")
    (insert (json-encode
             `((steps . ,(reverse symdap-steps))
               (events . ,(vconcat (mapcar (lambda (e) (gethash "event" e)) (reverse symdap-events))))
               (requests . ,(vconcat (reverse symdap-requests)))
               (errors . ,(vconcat (reverse symdap-errors)))
               (error . ,error-text))))))

(defun symdap-step-to-failure ()
  "From the stop on entry: next (a fork), the breakpoint if one is set, the failure."
  (symdap-wait "the stop on entry" #'symdap-stopped-p 60)
  (symdap-record 'entry (symdap-stop-info))
  (symdap-user-step 'next #'dap-next)
  (symdap-record 'threads `((count . ,(length (dap--debug-session-threads (symdap-session))))))
  (let ((continue (lambda (session) (dap-continue session (dap--debug-session-thread-id session)))))
    (when (getenv "SYMDAP_BREAKPOINT_LINE")
      (symdap-user-step 'breakpoint continue))
    (symdap-user-step 'failure continue)))

(defun symdap-run ()
  (find-file (getenv "SYMDAP_PROGRAM"))
  (symdap-record 'visit `((mode . ,(symbol-name major-mode))))
  (let ((line (getenv "SYMDAP_BREAKPOINT_LINE")))
    (when line
      (goto-char (point-min))
      (forward-line (1- (string-to-number line)))
      (dap-breakpoint-add)))
  (let ((template (assoc (getenv "SYMDAP_TEMPLATE") dap-debug-template-configurations)))
    (unless template (error "The recipe has no template %s" (getenv "SYMDAP_TEMPLATE")))
    (dap-debug (copy-tree (cdr template)))
    (if (eq (plist-get (cdr template) :stopOnEntry) t)
        (symdap-step-to-failure)
      ;; A template that does not stop on entry runs to the first failure by itself.
      (symdap-wait "the stop on the failure" #'symdap-stopped-p 60)
      (symdap-record-stop 'failure)))
  ;; dap-mode asks for exceptionInfo by itself and shows it with `lsp--error'.
  (symdap-wait "dap-mode's exception message" (lambda () symdap-errors) 30)
  (let ((inhibit-message t)) (symdap-tree))
  (symdap-record 'tree `((text . ,(with-current-buffer "*symdap tree*" (buffer-string)))))
  (let* ((session (symdap-session))
         (proc (dap--debug-session-proc session))
         (server (dap--debug-session-program-proc session)))
    (dap-disconnect session)
    (symdap-wait "the adapter connection to close" (lambda () (not (process-live-p proc))) 10)
    (when server
      (symdap-wait "the server started by the template to exit" (lambda () (not (process-live-p server))) 10))
    (symdap-record 'exit `((status . ,(process-exit-status proc))
                           (server . ,(and server t))))))

;; In a terminal (SYMDAP_TTY, emacs -nw in tmux): the test reads the screen after each
;; stage and presses F12 for the next one.  Each stage returns to Emacs's command loop, as a
;; user's command does, so dap-ui's views refresh (on idle timers) before the screen is read.

(defun symdap-stage (name data)
  "Record DATA as step NAME and write the result to SYMDAP_RESULT.NAME."
  (symdap-record name data)
  (let ((process-environment (cons (format "SYMDAP_RESULT=%s.%s" (getenv "SYMDAP_RESULT") name) process-environment)))
    (symdap-write-result nil)))

(defun symdap-tty-entry ()
  "Visit the program, set a breakpoint, debug the template, open the locals view."
  (let ((source (find-file (getenv "SYMDAP_PROGRAM"))))
    (goto-char (point-min))
    (forward-line (1- (string-to-number (getenv "SYMDAP_BREAKPOINT_LINE"))))
    (dap-breakpoint-add)
    (dap-debug (copy-tree (cdr (assoc (getenv "SYMDAP_TEMPLATE") dap-debug-template-configurations))))
    (symdap-wait "the stop on entry" #'symdap-stopped-p 60)
    (dap-ui-locals)
    (select-window (get-buffer-window source))
    (symdap-stage 'entry (symdap-stop-info))))

(defun symdap-tty-failure ()
  "Continue to the breakpoint, then to the failure (dap-mode shows its exception message)."
  (let ((continue (lambda (session) (dap-continue session (dap--debug-session-thread-id session)))))
    (symdap-user-step 'breakpoint continue)
    (symdap-user-step 'failure continue))
  (symdap-wait "dap-mode's exception message" (lambda () symdap-errors) 30)
  (symdap-stage 'failed `((messages . ,(with-current-buffer "*Messages*" (buffer-string))))))

(defun symdap-tty-tree ()
  "`symdap-tree', point on the failed node; RET (the test's) is recorded by `symdap-after-visit'."
  (symdap-tree)
  (goto-char (point-min))
  (search-forward "✗ failed")
  (beginning-of-line)
  (let ((stops (length (seq-filter (lambda (e) (equal (gethash "event" e) "stopped")) symdap-events))))
    (add-hook 'post-command-hook
              (lambda ()
                (when (eq this-command 'symdap-tree-visit)
                  (run-with-timer 0.2 nil #'symdap-after-visit stops)))))
  (symdap-stage 'tree `((text . ,(buffer-string)) (line . ,(line-number-at-pos)))))

(defvar symdap-tty-stages (list #'symdap-tty-failure #'symdap-tty-tree)
  "The stages F12 runs, in order.")

(defun symdap-tty-next ()
  (interactive)
  (condition-case err
      (funcall (or (pop symdap-tty-stages) (error "No stage left")))
    (error (symdap-write-result (error-message-string err)))))

(defun symdap-after-visit (stops)
  "After RET in the outline: wait for the adapter's stop, record where the user is.
Emacs stays up: the test reads the screen, then ends the tmux session."
  (condition-case err
      (progn
        (symdap-wait "the stop after symdap/focus"
                     (lambda () (> (length (seq-filter (lambda (e) (equal (gethash "event" e) "stopped")) symdap-events)) stops)) 30)
        (let ((event (car symdap-events)))
          (symdap-stage 'jump `((file . ,(buffer-file-name)) (line . ,(line-number-at-pos))
                                (reason . ,(gethash "reason" (gethash "body" event)))))))
    (error (symdap-write-result (error-message-string err)))))

(if (getenv "SYMDAP_TTY")
    (add-hook 'emacs-startup-hook
              (lambda ()
                (condition-case err
                    (progn (load (getenv "SYMDAP_RECIPE") nil t)
                           (global-set-key (kbd "<f12>") #'symdap-tty-next)
                           (symdap-tty-entry))
                  (error (symdap-write-result (error-message-string err))))))
  (condition-case err
      (progn (load (getenv "SYMDAP_RECIPE") nil t)
             (symdap-run)
             (symdap-write-result nil))
    (error (symdap-write-result (error-message-string err)))))
;;; dap-driver.el ends here
