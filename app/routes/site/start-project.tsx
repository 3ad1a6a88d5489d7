export default function StartProjectPage() {
  return <h1 className="p-8 text-3xl font-bold">Coming together</h1>;
}
