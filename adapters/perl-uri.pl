#!/usr/bin/env perl
# rfc1808 adapter for Perl's URI module: `URI->new_abs($relative, $base)`
# (README, "Writing an adapter").
#
#     perl adapters/perl-uri.pl              # jsonl (also: --jsonl)
#     perl adapters/perl-uri.pl --lines      # lines
#     perl adapters/perl-uri.pl BASE REL     # argv
#
# Needs Perl 5 and URI (Debian: liburi-perl); JSON::PP and Encode are core.
use strict;
use warnings;
use Encode qw(decode encode);
use JSON::PP;
use URI;

my $NAME = 'perl-uri';

# Returns (result, undef) or (undef, message) when the library dies.
sub resolve {
    my ($base, $relative) = @_;
    # URI escapes a non-ASCII character as the UTF-8 of its code point only
    # when the string is stored upgraded; otherwise as Latin-1. Upgrading
    # makes the answer depend on the text, not on how Perl stored it.
    utf8::upgrade($base);
    utf8::upgrade($relative);
    my $result = eval { URI->new_abs($relative, $base)->as_string };
    return ($result, undef) if defined $result;
    my $error = $@ || 'new_abs returned nothing';
    # croak names the adapter's line, which says nothing about the library.
    $error =~ s/ at \S+ line \d+\.?\s*\z//;
    $error =~ s/\s+\z//;
    return (undef, $error);
}

# Every write goes out at once: the harness pipelines requests.
binmode STDIN;
binmode STDOUT;
$| = 1;

my $json = JSON::PP->new->utf8->canonical;

sub jsonl_answer {
    my ($line) = @_;
    my $request = eval { $json->decode($line) };
    if (!defined $request || ref $request ne 'HASH') {
        my $why = $@ || 'not an object';
        $why =~ s/\s+\z//;
        return { id => undef, error => "adapter: bad request: $why" };
    }
    my $type = $request->{type} // '';
    my $id = $request->{id};
    return 'stop' if $type eq 'stop';
    if ($type eq 'start') {
        return {
            type => 'started',
            version => 1,
            name => $NAME,
            implementation_version => "$URI::VERSION (perl " . sprintf('%vd', $^V) . ')',
            language => 'perl',
            spec => 'RFC 2396',
        };
    }
    if ($type eq 'resolve') {
        my ($base, $relative) = @{$request}{qw(base relative)};
        if (!defined $base || ref $base || !defined $relative || ref $relative) {
            return { id => $id, error => 'adapter: base and relative must be strings' };
        }
        my ($result, $error) = resolve($base, $relative);
        return defined $error ? { id => $id, error => $error } : { id => $id, result => $result };
    }
    return { id => $id, error => "adapter: unknown request type \"$type\"" };
}

my @args = @ARGV;
if (!@args || (@args == 1 && $args[0] eq '--jsonl')) {
    while (my $line = <STDIN>) {
        my $answer = jsonl_answer($line);
        last if !ref $answer;
        print $json->encode($answer), "\n";
    }
    exit 0;
}
if (@args == 1 && $args[0] eq '--lines') {
    while (my $line = <STDIN>) {
        $line = decode('UTF-8', $line);
        $line =~ s/\r?\n\z//;
        my ($base, $relative) = split /\t/, $line, 2;
        if (!defined $relative) {
            print "\tadapter: request without a TAB\n";
            next;
        }
        my ($result, $error) = resolve($base, $relative);
        if (defined $error) {
            $error =~ s/[\r\n]+/ /g;
            print encode('UTF-8', "\t$error\n");
        } elsif ($result =~ /[\r\n]/ || $result =~ /\A\t/) {
            print "\tadapter: the result cannot be sent as a line\n";
        } else {
            print encode('UTF-8', "$result\n");
        }
    }
    exit 0;
}
if (@args == 2) {
    my ($result, $error) = resolve(map { decode('UTF-8', $_) } @args);
    if (defined $error) {
        print STDERR encode('UTF-8', "$error\n");
        exit 1;
    }
    print encode('UTF-8', "$result\n");
    exit 0;
}
print STDERR "usage: $NAME [--jsonl | --lines | BASE RELATIVE]\n";
exit 2;
