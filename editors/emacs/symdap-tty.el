;;; symdap-tty.el --- dap-mode's marks where there is no fringe  -*- lexical-binding: t; -*-

;; For the Emacs recipe of docs/editors.md.  dap-ui draws the stopped line and breakpoints
;; as fringe bitmaps, and a terminal has no fringe: there they are drawn in the left
;; margin instead (▶ the stopped line, ● a breakpoint), in the buffers dap-mode marks.
;; Also: Debian 12's lsp-treemacs 0.4 reads `treemacs-text-scale', which its treemacs 2.8
;; does not define, so dap-ui's locals and sessions views failed with `void-variable' (and
;; that error replaced the "Exception has occurred" message); it is defined here as nil,
;; its default in the treemacs versions that have it.

;;; Code:

(require 'dap-ui)

(defvar treemacs-text-scale nil)

(defconst symdap-tty--margin-marks '((breakpoint . "●") (right-triangle . "▶"))
  "The margin character for each of dap-ui's fringe bitmaps.
Other bitmaps are kinds of breakpoint: ●.")

(defun symdap-tty--make-overlay (make beg end visuals &rest rest)
  "Around `dap-ui--make-overlay': a margin mark in a terminal.
MAKE is the original, called with BEG END VISUALS REST."
  (let ((ov (apply make beg end visuals rest)))
    (when (and (not (display-graphic-p)) (plist-get visuals :char))
      (let ((mark (or (cdr (assq (plist-get visuals :bitmap) symdap-tty--margin-marks)) "●")))
        (overlay-put ov 'before-string
                     (propertize " " 'display `((margin left-margin) ,(propertize mark 'face (plist-get visuals :fringe)))))
        (with-current-buffer (overlay-buffer ov)
          (unless (and left-margin-width (>= left-margin-width 1))
            (setq left-margin-width 1)
            (dolist (w (get-buffer-window-list (current-buffer) nil t))
              (set-window-margins w 1 (cdr (window-margins w))))))))
    ov))

(advice-add 'dap-ui--make-overlay :around #'symdap-tty--make-overlay)

(provide 'symdap-tty)
;;; symdap-tty.el ends here
