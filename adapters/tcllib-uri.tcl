# Adapter for tcllib's uri package: `uri::resolve $base $relative`.
#
# Speaks the protocols of the README's "Writing an adapter": no arguments
# (or --jsonl) for jsonl, --lines for lines, exactly two arguments
# BASE RELATIVE for argv.
#
#     tclsh adapters/tcllib-uri.tcl 'http://a/b/c/d;p?q#f' ../g
#
# Tcl 8.6 has no JSON in its core and tcllib's json package would be a
# second library under test, so the JSON reader and writer are here: they
# cover all of JSON, which is more than the protocol's messages need, so a
# message with keys in another order or an extra key still reads.

package require Tcl 8.6
package require uri

namespace eval adapter {
    variable name tcllib-uri
    variable spec "RFC 3986"

    # The bytes of well-formed UTF-8 (RFC 3629): Tcl 8.6 has no strict
    # decoder, and its utf-8 encoding takes an invalid byte for the Latin-1
    # character of the same value, so a request is checked before decoding.
    variable utf8 {^(?:[\x00-\x7F]|[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2})*$}
}

# The library's version, and tcllib's, which the package does not say: the
# directory tcllib installs it in is named after the release (tcllib1.21).
proc adapter::version {} {
    set version [package present uri]
    if {[regexp {tcllib-?([0-9][0-9.]*)} [package ifneeded uri $version] -> tcllib]} {
        return "$version (tcllib $tcllib, Tcl [info patchlevel])"
    }
    return "$version (Tcl [info patchlevel])"
}

# Resolves one case: {ok URL} or {error MESSAGE}, the message with Tcl's
# errorCode first when the library set one.
proc adapter::resolve {base relative} {
    if {[catch {uri::resolve $base $relative} result options]} {
        set code [dict get $options -errorcode]
        if {$code ne "NONE"} {
            set result "$code: $result"
        }
        return [list error $result]
    }
    return [list ok $result]
}

# ---------------------------------------------------------------------------
# JSON. A value is read as a tagged list: {string S}, {number TEXT},
# {literal true|false|null}, {object DICT}, {array LIST}. Errors are thrown
# with the errorCode {JSON}, a message saying what and at which character.

proc adapter::json_error {message pos} {
    return -code error -errorcode JSON "$message at character $pos"
}

proc adapter::skip_space {text pos} {
    if {[regexp -start $pos -indices {\A[ \t\r\n]+} $text range]} {
        return [expr {[lindex $range 1] + 1}]
    }
    return $pos
}

# Reads the value at pos; returns {VALUE NEXT-POS}.
proc adapter::read_value {text pos} {
    set pos [skip_space $text $pos]
    switch -- [string index $text $pos] {
        "\{" - "\[" { return [read_container $text $pos] }
        "\"" {
            lassign [read_string $text $pos] string pos
            return [list [list string $string] $pos]
        }
        "" { json_error "unexpected end of input" $pos }
    }
    if {[regexp -start $pos -indices {\A-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?} $text range]} {
        set end [lindex $range 1]
        return [list [list number [string range $text $pos $end]] [expr {$end + 1}]]
    }
    if {[regexp -start $pos -indices {\A(?:true|false|null)} $text range]} {
        set end [lindex $range 1]
        return [list [list literal [string range $text $pos $end]] [expr {$end + 1}]]
    }
    json_error "unexpected character \"[string index $text $pos]\"" $pos
}

# Reads the object or array whose opening bracket is at pos; returns
# {{object DICT} NEXT-POS} or {{array LIST} NEXT-POS}.
proc adapter::read_container {text pos} {
    if {[string index $text $pos] eq "\{"} {
        lassign {object "\}"} kind close
    } else {
        lassign {array "\]"} kind close
    }
    set items {}
    set pos [skip_space $text [expr {$pos + 1}]]
    if {[string index $text $pos] eq $close} {
        return [list [list $kind $items] [expr {$pos + 1}]]
    }
    while 1 {
        if {$kind eq "object"} {
            set pos [skip_space $text $pos]
            if {[string index $text $pos] ne "\""} {
                json_error "expected a string as object key" $pos
            }
            lassign [read_string $text $pos] key pos
            set pos [skip_space $text $pos]
            if {[string index $text $pos] ne ":"} {
                json_error "expected ':'" $pos
            }
            lassign [read_value $text [expr {$pos + 1}]] value pos
            dict set items $key $value
        } else {
            lassign [read_value $text $pos] value pos
            lappend items $value
        }
        set pos [skip_space $text $pos]
        set next [string index $text $pos]
        if {$next eq ","} {
            incr pos
        } elseif {$next eq $close} {
            return [list [list $kind $items] [expr {$pos + 1}]]
        } else {
            json_error "expected ',' or '$close'" $pos
        }
    }
}

# Reads the string whose opening quote is at pos; returns {STRING NEXT-POS}.
proc adapter::read_string {text pos} {
    set start [expr {$pos + 1}]
    if {![regexp -start $start -indices {\A(?:[^"\\\x00-\x1F]|\\["\\/bfnrt]|\\u[0-9A-Fa-f]{4})*"} $text range]} {
        json_error "unterminated string, bad escape or control character in string" $pos
    }
    set close [lindex $range 1]
    set raw [string range $text $start [expr {$close - 1}]]
    if {[string first "\\" $raw] < 0} {
        return [list $raw [expr {$close + 1}]]
    }
    set out ""
    set i 0
    while {[set slash [string first "\\" $raw $i]] >= 0} {
        append out [string range $raw $i [expr {$slash - 1}]]
        set escape [string index $raw [expr {$slash + 1}]]
        set i [expr {$slash + 2}]
        switch -- $escape {
            "\"" { append out "\"" }
            "\\" { append out "\\" }
            "/" { append out "/" }
            b { append out "\b" }
            f { append out "\f" }
            n { append out "\n" }
            r { append out "\r" }
            t { append out "\t" }
            u {
                scan [string range $raw $i [expr {$i + 3}]] %x unit
                incr i 4
                if {$unit >= 0xDC00 && $unit <= 0xDFFF} {
                    json_error "lone low surrogate in string" [expr {$start + $slash}]
                }
                if {$unit >= 0xD800 && $unit <= 0xDBFF} {
                    # Tcl 8.6 keeps a character above U+FFFF as its
                    # surrogate pair and writes the pair to a utf-8 channel
                    # as the character's four bytes; [format %c] of the
                    # code point itself would give U+FFFD.
                    if {![regexp -start $i {\A\\u[dD][c-fC-F][0-9A-Fa-f]{2}} $raw]} {
                        json_error "lone high surrogate in string" [expr {$start + $slash}]
                    }
                    scan [string range $raw [expr {$i + 2}] [expr {$i + 5}]] %x low
                    incr i 6
                    append out [format %c%c $unit $low]
                } else {
                    append out [format %c $unit]
                }
            }
        }
    }
    append out [string range $raw $i end]
    return [list $out [expr {$close + 1}]]
}

# Parses a whole message, which must be a single object.
proc adapter::parse_message {text} {
    lassign [read_value $text 0] value pos
    set pos [skip_space $text $pos]
    if {$pos < [string length $text]} {
        json_error "trailing characters after the message" $pos
    }
    if {[lindex $value 0] ne "object"} {
        return -code error -errorcode JSON "the message is not an object"
    }
    return [lindex $value 1]
}

namespace eval adapter {
    # Every character a JSON string must escape: the quote, the backslash
    # and the controls U+0000 to U+001F.
    variable escapes [list "\"" "\\\"" "\\" "\\\\" "\b" "\\b" "\f" "\\f" "\n" "\\n" "\r" "\\r" "\t" "\\t"]
    for {set c 0} {$c < 0x20} {incr c} {
        if {[format %c $c] ni {"\b" "\f" "\n" "\r" "\t"}} {
            lappend escapes [format %c $c] [format "\\u%04x" $c]
        }
    }
}

proc adapter::json_string {s} {
    variable escapes
    return "\"[string map $escapes $s]\""
}

# A member's string value, or an error naming the key.
proc adapter::string_member {message key} {
    if {![dict exists $message $key] || [lindex [dict get $message $key] 0] ne "string"} {
        return -code error -errorcode JSON "\"$key\" is missing or not a string"
    }
    return [lindex [dict get $message $key] 1]
}

# ---------------------------------------------------------------------------
# The protocols.

proc adapter::answer {line} {
    puts stdout $line
    flush stdout
}

# Reads stdin as bytes, a line at a time; returns the line decoded, or
# throws with the errorCode {UTF8} when it is not UTF-8.
proc adapter::read_line {lineVar} {
    variable utf8
    upvar 1 $lineVar line
    if {[gets stdin bytes] < 0} {
        return 0
    }
    if {[string index $bytes end] eq "\r"} {
        set bytes [string range $bytes 0 end-1]
    }
    if {![regexp $utf8 $bytes]} {
        set line ""
        return -code error -errorcode UTF8 "the request is not UTF-8"
    }
    set line [encoding convertfrom utf-8 $bytes]
    return 1
}

proc adapter::serve_jsonl {} {
    variable name
    variable spec
    while 1 {
        if {[catch {read_line line} more]} {
            answer "{\"id\":null,\"error\":[json_string $more]}"
            continue
        }
        if {!$more} {
            return
        }
        if {[string trim $line " \t"] eq ""} {
            continue
        }
        set id null
        if {[catch {
            set message [parse_message $line]
            if {[dict exists $message id] && [lindex [dict get $message id] 0] eq "number"} {
                set id [lindex [dict get $message id] 1]
            }
            set type [string_member $message type]
        } error]} {
            answer "{\"id\":$id,\"error\":[json_string "bad request: $error"]}"
            continue
        }
        switch -- $type {
            start {
                answer "{\"type\":\"started\",\"version\":1,\"name\":[json_string $name],\"implementation_version\":[json_string [version]],\"language\":\"tcl\",\"spec\":[json_string $spec]}"
            }
            stop {
                return
            }
            resolve {
                if {$id eq "null" || ![regexp {^-?[0-9]+$} $id]} {
                    answer "{\"id\":null,\"error\":[json_string "bad request: \"id\" is missing or not an integer"]}"
                    continue
                }
                if {[catch {
                    set base [string_member $message base]
                    set relative [string_member $message relative]
                } error]} {
                    answer "{\"id\":$id,\"error\":[json_string "bad request: $error"]}"
                    continue
                }
                lassign [resolve $base $relative] outcome text
                if {$outcome eq "ok"} {
                    answer "{\"id\":$id,\"result\":[json_string $text]}"
                } else {
                    answer "{\"id\":$id,\"error\":[json_string $text]}"
                }
            }
            default {
                answer "{\"id\":$id,\"error\":[json_string "bad request: unknown type \"$type\""]}"
            }
        }
    }
}

proc adapter::serve_lines {} {
    while 1 {
        if {[catch {read_line line} more]} {
            answer "\t$more"
            continue
        }
        if {!$more} {
            return
        }
        set tab [string first "\t" $line]
        if {$tab < 0} {
            answer "\tbad request: no TAB between the base and the relative URL"
            continue
        }
        lassign [resolve [string range $line 0 [expr {$tab - 1}]] \
                     [string range $line [expr {$tab + 1}] end]] outcome text
        if {$outcome eq "ok"} {
            answer $text
        } else {
            # One line per answer: a message's own line breaks become spaces.
            answer "\t[string map {"\r\n" " " "\n" " " "\r" " "} $text]"
        }
    }
}

# Tcl decodes the command line in the system encoding, which is Latin-1
# under the C locale; the harness sends UTF-8, so the bytes are recovered
# and decoded again.
proc adapter::argument {arg} {
    return [encoding convertfrom utf-8 [encoding convertto [encoding system] $arg]]
}

proc adapter::serve_argv {base relative} {
    lassign [resolve [argument $base] [argument $relative]] outcome text
    if {$outcome eq "ok"} {
        puts stdout $text
        exit 0
    }
    puts stderr $text
    exit 1
}

fconfigure stdin -translation binary
fconfigure stdout -encoding utf-8 -translation lf
fconfigure stderr -encoding utf-8 -translation lf

if {$argc == 2} {
    adapter::serve_argv {*}$argv
} elseif {$argc == 0 || $argv eq "--jsonl"} {
    adapter::serve_jsonl
} elseif {$argv eq "--lines"} {
    adapter::serve_lines
} else {
    puts stderr "usage: tclsh tcllib-uri.tcl \[--jsonl | --lines | BASE RELATIVE\]"
    exit 2
}
exit 0
