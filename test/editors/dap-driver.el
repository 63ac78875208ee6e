;;; dap-driver.el --- drive Emacs dap-mode against `symdap dap' in batch mode  -*- lexical-binding: t; -*-

;; Used by test/editors/emacs.test.ts.  dap-mode is interactive, so this script plays the
;; user: it starts a session with `dap-debug', waits for each stop by polling the adapter
;; process with `accept-process-output', and issues the same commands a user would
;; (`dap-next', `dap-continue', `dap-disconnect').  Everything it observes goes to a JSON
;; file named by SYMDAP_RESULT; the test asserts on that file.
;;
;; Environment: SYMDAP_NODE (node binary), SYMDAP_BIN (bin/symdap.js), SYMDAP_PROGRAM (the
;; .sym file), SYMDAP_RESULT (output file).

(require 'json)
(require 'dap-mode)

(setq dap-auto-configure-features nil      ; no UI windows in batch
      dap-print-io nil
      lsp-log-io nil)

(defvar symdap-events nil "Every DAP event dap-mode received, newest first.")
(defvar symdap-steps nil "What the driver observed, in order (an alist per step).")

(advice-add 'dap--on-event :before
            (lambda (_session event) (push event symdap-events)))

(dap-register-debug-provider "symdap" (lambda (conf) conf))

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
      (line . ,(gethash "line" frame))
      (frame . ,(gethash "name" frame)))))

(defun symdap-request (command args)
  "Send COMMAND through dap-mode's own client and wait for the response body."
  (let ((done nil) (result nil))
    (dap--send-message (dap--make-request command args)
                       (lambda (response) (setq result response done t))
                       (symdap-session))
    (symdap-wait command (lambda () done))
    result))

(defun symdap-last-event (name)
  (seq-find (lambda (e) (equal (gethash "event" e) name)) symdap-events))

(defun symdap-record (step data)
  (push (cons step data) symdap-steps))

(defun symdap-write-result (error-text)
  (with-temp-file (getenv "SYMDAP_RESULT")
    (insert (json-encode
             `((steps . ,(reverse symdap-steps))
               (events . ,(vconcat (mapcar (lambda (e) (gethash "event" e)) (reverse symdap-events))))
               (error . ,error-text))))))

(defun symdap-run ()
  (dap-debug (list :type "symdap" :request "launch" :name "symdap"
                   :program (getenv "SYMDAP_PROGRAM") :stopOnEntry t
                   :dap-server-path (list (getenv "SYMDAP_NODE") (getenv "SYMDAP_BIN") "dap")))
  (symdap-wait "the stop on entry" #'symdap-stopped-p 60)
  (symdap-record 'entry (symdap-stop-info))

  (dap-next (symdap-session))
  (symdap-wait "the stop after next" #'symdap-stopped-p)
  (symdap-record 'next (symdap-stop-info))

  (let ((threads (gethash "threads" (gethash "body" (symdap-request "threads" nil)))))
    (symdap-record 'threads (vconcat (mapcar (lambda (th) `((id . ,(gethash "id" th)) (name . ,(gethash "name" th))))
                                             threads))))

  (let ((session (symdap-session)))
    (dap-continue session (dap--debug-session-thread-id session)))
  (symdap-wait "the stop on the failure" #'symdap-stopped-p 60)
  (let* ((stop (symdap-stop-info))
         (info (symdap-request "exceptionInfo" (list :threadId (alist-get 'thread stop))))
         (body (gethash "body" info))
         (stopped (gethash "body" (symdap-last-event "stopped"))))
    (symdap-record 'failure
                   (append stop
                           `((success . ,(if (gethash "success" info) t :json-false))
                             (exceptionId . ,(gethash "exceptionId" body))
                             (description . ,(gethash "description" body))
                             (stoppedText . ,(gethash "text" stopped))
                             (stoppedDescription . ,(gethash "description" stopped))))))

  (let ((proc (dap--debug-session-proc (symdap-session))))
    (dap-disconnect (symdap-session))
    (symdap-wait "the adapter to exit" (lambda () (not (process-live-p proc))) 10)
    (symdap-record 'exit `((status . ,(process-exit-status proc))))))

(condition-case err
    (progn (symdap-run) (symdap-write-result nil))
  (error (symdap-write-result (error-message-string err))))
;;; dap-driver.el ends here
