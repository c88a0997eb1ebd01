#include "LanePatternTable.h"

#include <fmt/format.h>

#include <charconv>
#include <istream>
#include <map>
#include <ostream>

namespace bankcheck::model {

namespace {

struct Field {
  std::string text;
  int column = 0;  // 1-based column of the field's first character
};

// Splits one CSV line; quoted fields may hold commas and doubled quotes. Returns false on an
// unterminated quote (column of the opening quote in `badColumn`).
bool splitCsv(const std::string& line, std::vector<Field>& fields, int& badColumn) {
  fields.clear();
  size_t i = 0;
  while (true) {
    Field f;
    f.column = int(i) + 1;
    if (i < line.size() && line[i] == '"') {
      ++i;
      while (true) {
        if (i >= line.size()) {
          badColumn = f.column;
          return false;
        }
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            f.text += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        f.text += line[i++];
      }
      while (i < line.size() && line[i] != ',') f.text += line[i++];  // text after the quote
    } else {
      while (i < line.size() && line[i] != ',') f.text += line[i++];
    }
    fields.push_back(std::move(f));
    if (i >= line.size()) return true;
    ++i;  // the comma
  }
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

bool parseInt(const std::string& text, int64_t& value) {
  const std::string t = trim(text);
  if (t.empty()) return false;
  const char* first = t.data();
  if (*first == '+') ++first;
  auto [ptr, ec] = std::from_chars(first, t.data() + t.size(), value);
  return ec == std::errc() && ptr == t.data() + t.size();
}

std::string requiredHeaderHint() { return "pattern,op,width_bytes,lane0,...,lane31[,wavefronts]"; }

}  // namespace

int LanePatternTable::columnIndex(const std::string& name) const {
  for (size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == name) return int(i);
  return -1;
}

bool parseLanePatternTable(std::istream& in, LanePatternTable& table, LanePatternError& error) {
  auto fail = [&](int line, int column, std::string message) {
    error = {line, column, std::move(message)};
    return false;
  };
  std::string line;
  int lineNo = 0;
  std::vector<Field> fields;
  int badColumn = 0;
  // Header: the first line that is neither blank nor a '#' comment.
  bool haveHeader = false;
  std::map<std::string, int> column;  // name -> field index
  size_t numHeaderFields = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (trim(line).empty() || line[0] == '#') continue;
    if (!splitCsv(line, fields, badColumn)) return fail(lineNo, badColumn, "unterminated quoted field");
    table.headerText = line;
    numHeaderFields = fields.size();
    for (size_t i = 0; i < fields.size(); ++i) {
      column.emplace(trim(fields[i].text), int(i));
      table.columns.push_back(trim(fields[i].text));
    }
    std::vector<std::string> required = {"pattern", "op", "width_bytes"};
    for (int l = 0; l < kWarpSize; ++l) required.push_back(fmt::format("lane{}", l));
    for (const std::string& name : required) {
      if (!column.count(name)) {
        int64_t ignored;
        if (!fields.empty() && parseInt(fields.back().text, ignored))
          return fail(lineNo, 1, fmt::format("missing header line; expected '{}'", requiredHeaderHint()));
        return fail(lineNo, 1, fmt::format("header has no column '{}'; expected '{}'", name, requiredHeaderHint()));
      }
    }
    haveHeader = true;
    break;
  }
  if (!haveHeader)
    return fail(std::max(lineNo, 1), 1, fmt::format("empty input; expected a header line '{}'", requiredHeaderHint()));
  table.hasWavefronts = column.count("wavefronts");
  table.hasNcuWavefronts = column.count("ncu_wavefronts");
  table.hasNcuIdeal = column.count("ncu_ideal");

  while (std::getline(in, line)) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (trim(line).empty() || line[0] == '#') continue;
    if (!splitCsv(line, fields, badColumn)) return fail(lineNo, badColumn, "unterminated quoted field");
    if (fields.size() != numHeaderFields)
      return fail(lineNo, fields.size() < numHeaderFields ? int(line.size()) + 1 : fields[numHeaderFields].column,
                  fmt::format("expected {} fields as in the header, found {}", numHeaderFields, fields.size()));
    LanePatternRow row;
    row.line = lineNo;
    row.text = line;
    row.pattern = trim(fields[column["pattern"]].text);
    for (const Field& f : fields) row.fields.push_back(f.text);

    const Field& op = fields[column["op"]];
    const std::string opText = trim(op.text);
    if (opText == "ld" || opText == "load")
      row.request.op = MemOp::Load;
    else if (opText == "st" || opText == "store")
      row.request.op = MemOp::Store;
    else if (!(row.opRequest = parseOpName(opText)))
      return fail(lineNo, op.column,
                  fmt::format("op must be 'ld', 'st', ldsm.x1|x2|x4[.trans], stsm.x1|x2|x4[.trans], "
                              "cpasync.ca.4|8|16, cpasync.cg.16 (or cpasync.4|8|16) or atom.4, found '{}'",
                              opText));

    const Field& width = fields[column["width_bytes"]];
    int64_t w = 0;
    if (!parseInt(width.text, w) || !isValidWidth(int(w)))
      return fail(lineNo, width.column,
                  fmt::format("width_bytes must be 1, 2, 4, 8 or 16, found '{}'", trim(width.text)));
    if (row.opRequest && w != row.opRequest->widthBytes)
      return fail(lineNo, width.column,
                  fmt::format("width_bytes of {} must be {}, found '{}'", opText, row.opRequest->widthBytes,
                              trim(width.text)));
    row.request.widthBytes = int(w);

    for (int l = 0; l < kWarpSize; ++l) {
      const Field& f = fields[column[fmt::format("lane{}", l)]];
      int64_t a = 0;
      if (!parseInt(f.text, a))
        return fail(lineNo, f.column, fmt::format("lane{} must be a byte offset or -1, found '{}'", l, trim(f.text)));
      if (a < -1) return fail(lineNo, f.column, fmt::format("lane{} is {}; use -1 for an inactive lane", l, a));
      if (a >= 0 && a % w != 0)
        return fail(lineNo, f.column,
                    fmt::format("lane{} address {} is not aligned to the {}-byte access width", l, a, w));
      row.request.addr[l] = a;
      if (row.opRequest) {
        const bool ignored = row.opRequest->kind != OpKind::CpAsync && row.opRequest->kind != OpKind::Atom &&
                             l >= 8 * row.opRequest->matrices;
        row.opRequest->addr[l] = ignored ? -1 : a;
      }
    }

    // Optional global sources of cp.async rows: src0 ... src31, all or none.
    if (column.count("src0")) {
      if (!row.opRequest || row.opRequest->kind != OpKind::CpAsync) {
        // Columns other rows do not use are carried through.
      } else {
        for (int l = 0; l < kWarpSize; ++l) {
          auto it = column.find(fmt::format("src{}", l));
          if (it == column.end()) return fail(lineNo, 1, fmt::format("header has src0 but no column 'src{}'", l));
          const Field& f = fields[it->second];
          int64_t a = 0;
          if (!parseInt(f.text, a) || a < 0)
            return fail(lineNo, f.column, fmt::format("src{} must be a global byte offset, found '{}'", l, trim(f.text)));
          row.opRequest->source[l] = a;
        }
        row.opRequest->hasSource = true;
      }
    }

    auto measured = [&](const char* name, std::optional<int>& value, int& col) {
      auto it = column.find(name);
      if (it == column.end()) return true;
      const Field& f = fields[it->second];
      col = f.column;
      if (trim(f.text).empty()) return true;
      int64_t v = 0;
      if (!parseInt(f.text, v) || v < 0)
        return fail(lineNo, f.column, fmt::format("{} must be a non-negative integer, found '{}'", name, trim(f.text)));
      value = int(v);
      return true;
    };
    if (!measured("wavefronts", row.wavefronts, row.wavefrontsColumn) ||
        !measured("ncu_wavefronts", row.ncuWavefronts, row.ncuWavefrontsColumn) ||
        !measured("ncu_ideal", row.ncuIdeal, row.ncuIdealColumn))
      return false;
    table.rows.push_back(std::move(row));
  }
  return true;
}

RowPrediction predictRow(const LanePatternRow& row) {
  RowPrediction p;
  if (row.opRequest) {
    const OpWavefronts wf = countOpWavefronts(*row.opRequest);
    p.wavefronts = wf.actual;
    p.ideal = wf.ideal;
    p.opFit = wf.fit;
    return p;
  }
  const Wavefronts wf = countWavefronts(row.request);
  p.wavefronts = wf.actual;
  p.ideal = wf.ideal;
  p.ncuWavefronts = wf.reported;
  return p;
}

std::string describeInstruction(const LanePatternRow& row) {
  if (row.opRequest) return opName(*row.opRequest);
  return fmt::format("{}-byte {}", row.request.widthBytes, toString(row.request.op));
}

int runLanesCommand(std::istream& in, const std::string& fileName, std::ostream& out, std::ostream& err) {
  LanePatternTable table;
  LanePatternError error;
  if (!parseLanePatternTable(in, table, error)) {
    err << fmt::format("{}:{}:{}: error: {}\n", fileName, error.line, error.column, error.message);
    return 2;
  }
  out << table.headerText << ",predicted,ideal\n";
  int compared = 0, matching = 0;
  for (const LanePatternRow& row : table.rows) {
    const RowPrediction wf = predictRow(row);
    out << row.text << ',' << wf.wavefronts << ',' << wf.ideal << '\n';
    bool any = false, ok = true;
    auto check = [&](const std::optional<int>& measured, int predicted, int col, const char* what) {
      if (!measured) return;
      any = true;
      if (*measured == predicted) return;
      ok = false;
      // An op rule that is only a bound says so, so a mismatch there is not read as a bug.
      const std::string fit =
          wf.opFit && *wf.opFit != OpFit::Exact ? fmt::format(", {} rule", toString(*wf.opFit)) : std::string();
      err << fmt::format("{}:{}:{}: warning: {} measured {}, predicted {} (pattern '{}', {}{})\n", fileName, row.line,
                         col, what, *measured, predicted, row.pattern, describeInstruction(row), fit);
    };
    check(row.wavefronts, wf.wavefronts, row.wavefrontsColumn, "wavefronts");
    if (!row.opRequest) {  // ncu's per-instruction estimates are modelled for LDS/STS only
      check(row.ncuWavefronts, wf.ncuWavefronts, row.ncuWavefrontsColumn, "ncu_wavefronts");
      check(row.ncuIdeal, wf.ideal, row.ncuIdealColumn, "ncu_ideal");
    }
    if (any) {
      ++compared;
      matching += ok;
    }
  }
  if (table.hasWavefronts || table.hasNcuWavefronts || table.hasNcuIdeal) {
    out << fmt::format("{}/{} rows match\n", matching, compared);
    return matching == compared ? 0 : 1;
  }
  return 0;
}

}  // namespace bankcheck::model
