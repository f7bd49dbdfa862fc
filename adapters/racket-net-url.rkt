#lang racket/base
;; rfc1808 adapter for Racket's net/url (Debian's racket; net/url is part
;; of Racket's own distribution, so its version is Racket's):
;; `(url->string (combine-url/relative (string->url base) relative))`, which
;; "combines the two ... according to the rules in RFC 3986" (net/url's
;; documentation). A url-exception from string->url (or anything else raised)
;; is a rejection, with its message.
;;
;;     racket adapters/racket-net-url.rkt              # jsonl (also: --jsonl)
;;     racket adapters/racket-net-url.rkt --lines      # lines
;;     racket adapters/racket-net-url.rkt BASE REL     # argv
;;
;; Needs Racket with its net and json collections (the full distribution).
;; Each line is read as bytes and decoded as UTF-8 strictly, so a request
;; that is not UTF-8 is answered as such rather than read with replacement
;; characters.

(require json
         net/url
         racket/string)

(define NAME "racket-net-url")

;; (values result #f) or (values #f message)
(define (resolve base relative)
  (with-handlers ([(lambda (e) #t)
                   (lambda (e)
                     (values #f (one-line
                                 (if (exn? e)
                                     (format "~a: ~a" (exn-name e) (exn-message e))
                                     (format "raised: ~e" e)))))])
    (values (url->string (combine-url/relative (string->url base) relative)) #f)))

(define (exn-name e)
  (let-values ([(type _) (struct-info e)])
    (if type
        (let-values ([(name _1 _2 _3 _4 _5 _6 _7) (struct-type-info type)]) name)
        'exn)))

(define (one-line s) (string-replace (string-replace s "\r" " ") "\n" " "))

;; The line's bytes as a string, or #f when they are not UTF-8.
(define (utf-8 bytes)
  (with-handlers ([exn:fail:contract? (lambda (e) #f)])
    (bytes->string/utf-8 bytes)))

(define (read-line-bytes)
  (define line (read-bytes-line (current-input-port) 'linefeed))
  (cond
    [(eof-object? line) line]
    [(and (positive? (bytes-length line))
          (= (bytes-ref line (sub1 (bytes-length line))) 13))
     (subbytes line 0 (sub1 (bytes-length line)))]
    [else line]))

(define (emit jsexpr)
  ;; Non-ASCII characters as they are (UTF-8), control characters escaped.
  (write-json jsexpr #:encode 'control)
  (newline)
  (flush-output))

(define (answer request number)
  (define id (hash-ref request 'id 'null))
  (define type (hash-ref request 'type #f))
  (cond
    [(equal? type "start")
     (hasheq 'type "started" 'version 1 'name NAME
             'implementation_version (version)
             'language "racket" 'spec "RFC 3986")]
    [(equal? type "resolve")
     (define base (hash-ref request 'base #f))
     (define relative (hash-ref request 'relative #f))
     (cond
       [(and (string? base) (string? relative))
        (define-values (result error) (resolve base relative))
        (if error
            (hasheq 'id id 'error error)
            (hasheq 'id id 'result result))]
       [else
        (hasheq 'id id 'error
                (format "adapter: line ~a: a resolve request needs string `base` and `relative`" number))])]
    [(string? type)
     (hasheq 'id id 'error (format "adapter: line ~a: unknown request type ~a" number (jsexpr->string type)))]
    [else
     (hasheq 'id id 'error (format "adapter: line ~a: the request has no string `type`" number))]))

(define (serve-jsonl)
  (let loop ([number 1])
    (define line (read-line-bytes))
    (unless (eof-object? line)
      (define text (utf-8 line))
      (define request
        (and text
             (with-handlers ([exn:fail? (lambda (e) e)])
               (string->jsexpr text))))
      (cond
        [(not text)
         (emit (hasheq 'id 'null 'error (format "adapter: line ~a: the request is not UTF-8" number)))
         (loop (add1 number))]
        [(exn? request)
         (emit (hasheq 'id 'null 'error (format "adapter: line ~a: not a JSON request: ~a"
                                                number (one-line (exn-message request)))))
         (loop (add1 number))]
        [(not (hash? request))
         (emit (hasheq 'id 'null 'error (format "adapter: line ~a: not a JSON object" number)))
         (loop (add1 number))]
        [(equal? (hash-ref request 'type #f) "stop") (void)]
        [else
         (emit (answer request number))
         (loop (add1 number))]))))

(define (serve-lines)
  (let loop ([number 1])
    (define line (read-line-bytes))
    (unless (eof-object? line)
      (define text (utf-8 line))
      (define tab (and text (regexp-match-positions #rx"\t" text)))
      (define out
        (cond
          [(not text) (format "\tadapter: line ~a: the request is not UTF-8" number)]
          [(not tab) (format "\tadapter: line ~a: a request without a TAB" number)]
          [else
           (define-values (result error)
             (resolve (substring text 0 (caar tab)) (substring text (cdar tab))))
           (cond
             [error (string-append "\t" error)]
             [(or (regexp-match? #rx"[\r\n]" result) (regexp-match? #rx"^\t" result))
              "\tadapter: the result cannot be sent as a line"]
             [else result])]))
      (write-string out)
      (newline)
      (flush-output)
      (loop (add1 number)))))

(module+ main
  ;; Racket writes strings to ports as UTF-8, whatever the locale.
  (define args (vector->list (current-command-line-arguments)))
  (cond
    [(or (null? args) (equal? args '("--jsonl"))) (serve-jsonl)]
    [(equal? args '("--lines")) (serve-lines)]
    [(= (length args) 2)
     (define-values (result error) (resolve (car args) (cadr args)))
     (cond
       [error (eprintf "~a\n" error) (exit 1)]
       [else (printf "~a\n" result)])]
    [else
     (eprintf "usage: ~a [--jsonl | --lines | BASE RELATIVE]\n" NAME)
     (exit 2)]))
