#!/bin/sh
# Fails when a `§N.M` reference in the tree names a section its document does not have, so that
# renumbering a document, or citing one that lives outside the repository, cannot go unnoticed.
# Run by `meson test --suite lint`.
#
# Which document a reference means (write references so that this reads them right):
# * the document named just before it: "vis-format.md §5.5", "docs/style.md §6", "VF §4.2"
#   (VF is msprobe-2026.md's short name for vis-format.md);
# * in a list or range, the document of the reference before it: "vis-format.md §4.3–§4.5",
#   "(style.md §3.6, §3.7)";
# * otherwise, inside docs/X.md, X.md itself, and anywhere else vis-format.md.
# A document name means docs/<its base name>, except DESIGN.md and README.md at the top.
# DOC_REFS_VERBOSE=1 prints which document each reference was read as.
set -u
root=${1:?source root}
cd "$root" || exit 1

where="graph compare app widgets tests bench tools docs .ci DESIGN.md README.md"
# The copies of msprobe's outputs are data, not prose.
files=$( (git ls-files -- $where 2>/dev/null || find $where -type f 2>/dev/null) \
         | grep -v '^tests/data/reference/')
[ -n "$files" ] || { echo "doc-refs: no files found under $root" >&2; exit 1; }

printf '%s\n' "$files" | perl -e '
use strict;
use warnings;

my $sect = "\xC2\xA7";                                # § in UTF-8; files are read as bytes
my $dash = "(?:-|\xE2\x80\x93|\xE2\x80\x94)";         # -, en dash, em dash
my $ref  = qr/$sect(\d+(?:\.\d+)*)/;
my $name = qr/(?:[A-Za-z0-9_.\/-]*?([A-Za-z0-9_-]+\.md)|\bVF\b)/;
my $chain = qr/^\s*(?:$dash|,|\/|and|or|to|&)?\s*$/;
my (%headings, $checked, $bad);

sub doc_path {
  my ($doc) = @_;
  return $doc if $doc eq "DESIGN.md" || $doc eq "README.md";
  return "docs/$doc";
}

# The section numbers a document has: the numbers that open its headings.
sub sections_of {
  my ($path) = @_;
  return $headings{$path} if exists $headings{$path};
  my %set;
  if (open my $fh, "<", $path) {
    my $fenced = 0;
    while (<$fh>) {
      $fenced = !$fenced if /^\s*(?:```|~~~)/;
      next if $fenced;
      $set{$1} = 1 if /^#+\s+(?:$sect)?(\d+(?:\.\d+)*)(?:\.|\s|$)/;
    }
    close $fh;
    $headings{$path} = \%set;
  } else {
    $headings{$path} = undef;
  }
  return $headings{$path};
}

while (my $file = <STDIN>) {
  chomp $file;
  next unless -f $file && !-B $file;
  my $default = $file =~ m{^docs/([^/]+\.md)$} ? $1 : "vis-format.md";
  open my $fh, "<", $file or next;
  while (my $line = <$fh>) {
    next unless index($line, $sect) >= 0;
    # Walk the line token by token: document names and references, with the text between them.
    my ($prev_kind, $prev_doc, $prev_end) = ("", "", 0);
    my $ln = $.;                                      # sections_of reads other files
    while ($line =~ /\G.*?(?:($name)|$ref)/gcs) {
      my $token = defined $1 ? $1 : "$sect$3";
      my $gap = substr($line, $prev_end, pos($line) - length($token) - $prev_end);
      if (defined $1) {
        ($prev_kind, $prev_doc) = ("name", defined $2 ? $2 : "vis-format.md");
      } else {
        my $num = $3;
        my $doc = $default;
        if ($prev_kind eq "name" && $gap =~ /^[`"\x27]?\s*$/) {
          $doc = $prev_doc;
        } elsif ($prev_kind eq "ref" && $gap =~ $chain) {
          $doc = $prev_doc;
        }
        $checked++;
        my $path = doc_path($doc);
        print "$file:$ln: $sect$num -> $path\n" if $ENV{DOC_REFS_VERBOSE};
        my $set = sections_of($path);
        if (!defined $set) {
          print STDERR "$file:$ln: $sect$num names $path, which does not exist\n";
          $bad++;
        } elsif (!$set->{$num}) {
          print STDERR "$file:$ln: $sect$num is not a section of $path\n";
          $bad++;
        }
        ($prev_kind, $prev_doc) = ("ref", $doc);
      }
      $prev_end = pos($line);
    }
  }
  close $fh;
}
$checked //= 0;
print "doc-refs: $checked references checked, " . ($bad // 0) . " broken\n";
exit($bad ? 1 : 0);
'
